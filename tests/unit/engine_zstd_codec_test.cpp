// zstd frames through ZstdCodec: round trips of random and repetitive bytes, the output cap (a frame that
// states its size and one that does not), and damaged input refused: cut short, bytes flipped, bytes after
// the frame, bytes that are no frame at all.
#include <doctest/doctest.h>
#include <zstd.h>

#include <cstdint>
#include <random>
#include <vector>

#include "engine/zstd_codec.hpp"

using qs::ZstdCodec;

namespace {

std::vector<std::uint8_t> random_bytes(std::size_t size, std::uint32_t seed) {
    std::mt19937 random(seed);
    std::vector<std::uint8_t> bytes(size);
    for (std::uint8_t& byte : bytes) byte = static_cast<std::uint8_t>(random());
    return bytes;
}

/// Bytes like a recording's: short records that repeat with small differences.
std::vector<std::uint8_t> repetitive_bytes(std::size_t size, std::uint32_t seed) {
    std::mt19937 random(seed);
    std::vector<std::uint8_t> bytes(size);
    for (std::size_t i = 0; i < size; ++i)
        bytes[i] = static_cast<std::uint8_t>(i % 12 < 8 ? i % 12 : random() % 4);
    return bytes;
}

/// A frame that does not state its content size (as a streaming compressor writes it).
std::vector<std::uint8_t> frame_without_size(const std::vector<std::uint8_t>& content) {
    ZSTD_CCtx* context = ZSTD_createCCtx();
    std::vector<std::uint8_t> out(ZSTD_compressBound(content.size()) + 64);
    ZSTD_inBuffer input{content.data(), content.size(), 0};
    ZSTD_outBuffer output{out.data(), out.size(), 0};
    std::size_t left = ZSTD_compressStream2(context, &output, &input, ZSTD_e_continue);
    REQUIRE_FALSE(ZSTD_isError(left));
    do {
        left = ZSTD_compressStream2(context, &output, &input, ZSTD_e_end);
        REQUIRE_FALSE(ZSTD_isError(left));
    } while (left != 0);
    ZSTD_freeCCtx(context);
    out.resize(output.pos);
    REQUIRE(ZSTD_getFrameContentSize(out.data(), out.size()) == ZSTD_CONTENTSIZE_UNKNOWN);
    return out;
}

}  // namespace

TEST_CASE("zstd codec: random and repetitive bytes come back exactly") {
    ZstdCodec codec;
    std::vector<std::uint8_t> packed, back;
    for (std::size_t size :
         {std::size_t{0}, std::size_t{1}, std::size_t{255}, std::size_t{4096}, std::size_t{100000}}) {
        for (std::uint32_t seed = 1; seed <= 3; ++seed) {
            CAPTURE(size);
            CAPTURE(seed);
            for (const auto& content : {random_bytes(size, seed), repetitive_bytes(size, seed)}) {
                codec.compress(content.data(), content.size(), packed);
                REQUIRE(codec.decompress(packed.data(), packed.size(), back, content.size()));
                CHECK(back == content);
            }
            if (size >= 4096) {
                const std::vector<std::uint8_t> content = repetitive_bytes(size, seed);
                codec.compress(content.data(), content.size(), packed);
                CHECK(packed.size() * 3 < content.size());
            }
        }
    }
    // Negative levels (faster) and the context reused after a refusal.
    const std::vector<std::uint8_t> content = repetitive_bytes(5000, 9);
    codec.compress(content.data(), content.size(), packed, -5);
    CHECK_FALSE(codec.decompress(packed.data(), packed.size() / 2, back, content.size()));
    REQUIRE(codec.decompress(packed.data(), packed.size(), back, content.size()));
    CHECK(back == content);
}

TEST_CASE("zstd codec: no more than the cap is written, whether or not the frame states its size") {
    ZstdCodec codec;
    const std::vector<std::uint8_t> content = repetitive_bytes(70000, 4);
    std::vector<std::uint8_t> stated, back;
    codec.compress(content.data(), content.size(), stated);
    std::vector<std::uint8_t> unstated = frame_without_size(content);
    for (std::vector<std::uint8_t>* frame : {&stated, &unstated}) {
        CHECK(codec.decompress(frame->data(), frame->size(), back, content.size()));
        CHECK(back == content);
        CHECK(codec.decompress(frame->data(), frame->size(), back, content.size() + 1000));
        CHECK(back == content);
        CHECK_FALSE(codec.decompress(frame->data(), frame->size(), back, content.size() - 1));
        CHECK(back.size() <= content.size());
        CHECK_FALSE(codec.decompress(frame->data(), frame->size(), back, 0));
    }
    // A frame of nothing under a cap of nothing.
    codec.compress(nullptr, 0, stated);
    CHECK(codec.decompress(stated.data(), stated.size(), back, 0));
    CHECK(back.empty());
}

TEST_CASE("zstd codec: damaged input is refused") {
    ZstdCodec codec;
    const std::vector<std::uint8_t> content = repetitive_bytes(3000, 5);
    std::vector<std::uint8_t> packed, back;
    codec.compress(content.data(), content.size(), packed);
    REQUIRE(codec.decompress(packed.data(), packed.size(), back, content.size()));

    // Cut short anywhere.
    for (std::size_t size = 0; size < packed.size(); ++size) {
        CAPTURE(size);
        CHECK_FALSE(codec.decompress(packed.data(), size, back, content.size()));
    }
    // One byte changed anywhere: never other bytes. Nearly always refused (the checksum); a few changes,
    // in the frame header or in bits the coding does not use, leave the content as it was.
    std::size_t refused = 0, tries = 0;
    for (std::size_t at = 0; at < packed.size(); ++at) {
        for (std::uint8_t flip : {std::uint8_t{0x01}, std::uint8_t{0x80}, std::uint8_t{0xFF}}) {
            CAPTURE(at);
            CAPTURE(int{flip});
            std::vector<std::uint8_t> damaged = packed;
            damaged[at] ^= flip;
            const bool read = codec.decompress(damaged.data(), damaged.size(), back, content.size());
            CHECK((!read || back == content));
            refused += read ? 0 : 1;
            ++tries;
        }
    }
    CHECK(refused * 10 > tries * 9);
    // Bytes after the frame, and bytes that are no frame.
    std::vector<std::uint8_t> longer = packed;
    longer.push_back(0);
    CHECK_FALSE(codec.decompress(longer.data(), longer.size(), back, content.size() * 2));
    CHECK_FALSE(codec.decompress(content.data(), content.size(), back, content.size()));
    CHECK_FALSE(codec.decompress(nullptr, 0, back, content.size()));
    // The codec still works after all that.
    REQUIRE(codec.decompress(packed.data(), packed.size(), back, content.size()));
    CHECK(back == content);
}
