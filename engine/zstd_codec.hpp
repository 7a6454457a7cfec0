// Byte strings compressed with zstd (libzstd), one frame each: memory that must hold more than its raw size
// (the rewind history) and data that arrives zstd-compressed from a file, read as hostile input.
//
//   qs::ZstdCodec codec;                               // owns the contexts; reuse it, one per thread
//   std::vector<std::uint8_t> packed, back;
//   codec.compress(raw.data(), raw.size(), packed);   // packed: one zstd frame
//   if (!codec.decompress(packed.data(), packed.size(), back, raw.size())) { /* damaged */ }
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

namespace qs {

class ZstdCodec {
   public:
    ZstdCodec();
    ~ZstdCodec();
    ZstdCodec(ZstdCodec&& other) noexcept;
    ZstdCodec& operator=(ZstdCodec&& other) noexcept;
    ZstdCodec(const ZstdCodec&) = delete;
    ZstdCodec& operator=(const ZstdCodec&) = delete;

    /// Writes `size` bytes from `in` into `out` (replacing what it held) as one zstd frame at `level`
    /// (1: fast; negative: faster, larger). The frame records its content size and a checksum of it.
    void compress(const std::uint8_t* in, std::size_t size, std::vector<std::uint8_t>& out, int level = 1);
    /// Writes what the zstd frames in `in` hold into `out` (replacing what it held). False, with `out`
    /// left unspecified, unless `in` is whole zstd frames and nothing else, holding at most `max_size`
    /// bytes in all (a frame that claims or yields more is refused before or while it is read), whose
    /// checksums, where they carry one, match.
    bool decompress(const std::uint8_t* in, std::size_t size, std::vector<std::uint8_t>& out,
                    std::size_t max_size);

   private:
    void* compressor_ = nullptr;    ///< ZSTD_CCtx, made at the first compress()
    void* decompressor_ = nullptr;  ///< ZSTD_DCtx, made at the first decompress()
};

}  // namespace qs
