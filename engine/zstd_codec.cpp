// Byte strings compressed with zstd: one frame per string, output capped when decompressing.
#include "engine/zstd_codec.hpp"

#include <zstd.h>

#include <new>
#include <utility>

namespace qs {

ZstdCodec::ZstdCodec() = default;

ZstdCodec::~ZstdCodec() {
    ZSTD_freeCCtx(static_cast<ZSTD_CCtx*>(compressor_));
    ZSTD_freeDCtx(static_cast<ZSTD_DCtx*>(decompressor_));
}

ZstdCodec::ZstdCodec(ZstdCodec&& other) noexcept
    : compressor_(std::exchange(other.compressor_, nullptr)),
      decompressor_(std::exchange(other.decompressor_, nullptr)) {}

ZstdCodec& ZstdCodec::operator=(ZstdCodec&& other) noexcept {
    std::swap(compressor_, other.compressor_);
    std::swap(decompressor_, other.decompressor_);
    return *this;
}

void ZstdCodec::compress(const std::uint8_t* in, std::size_t size, std::vector<std::uint8_t>& out,
                         int level) {
    if (!compressor_) {
        compressor_ = ZSTD_createCCtx();
        if (!compressor_) throw std::bad_alloc();
        // A checksum of the content in every frame (4 bytes): damage is found, not decoded into other bytes.
        ZSTD_CCtx_setParameter(static_cast<ZSTD_CCtx*>(compressor_), ZSTD_c_checksumFlag, 1);
    }
    auto* context = static_cast<ZSTD_CCtx*>(compressor_);
    ZSTD_CCtx_setParameter(context, ZSTD_c_compressionLevel, level);
    out.resize(ZSTD_compressBound(size));
    const std::size_t written = ZSTD_compress2(context, out.data(), out.size(), in, size);
    // With room for the bound, compressing fails only for want of memory.
    if (ZSTD_isError(written)) throw std::bad_alloc();
    out.resize(written);
}

bool ZstdCodec::decompress(const std::uint8_t* in, std::size_t size, std::vector<std::uint8_t>& out,
                           std::size_t max_size) {
    out.clear();
    if (size == 0) return false;
    if (!decompressor_) decompressor_ = ZSTD_createDCtx();
    if (!decompressor_) throw std::bad_alloc();
    auto* context = static_cast<ZSTD_DCtx*>(decompressor_);
    ZSTD_DCtx_reset(context, ZSTD_reset_session_only);
    // A first frame that states its size is refused at once when that is over the cap; the output gets one
    // byte more than the cap, so that filling it means there was too much.
    const unsigned long long stated = ZSTD_getFrameContentSize(in, size);
    if (stated == ZSTD_CONTENTSIZE_ERROR) return false;
    std::size_t cap = max_size;
    if (stated != ZSTD_CONTENTSIZE_UNKNOWN) {
        if (stated > max_size) return false;
        cap = static_cast<std::size_t>(stated);
        if (ZSTD_findFrameCompressedSize(in, size) != size) cap = max_size;  // more frames follow
    }
    out.resize(cap + 1);
    ZSTD_inBuffer input{in, size, 0};
    ZSTD_outBuffer output{out.data(), out.size(), 0};
    std::size_t left = 1;  // what ZSTD_decompressStream returns: 0 once a frame is whole and written out
    while (input.pos < input.size) {
        const std::size_t read_before = input.pos, written_before = output.pos;
        left = ZSTD_decompressStream(context, &output, &input);
        if (ZSTD_isError(left) || output.pos > cap) return false;
        if (input.pos == read_before && output.pos == written_before) return false;
    }
    if (left != 0) return false;  // the last frame cut short
    out.resize(output.pos);
    return true;
}

}  // namespace qs
