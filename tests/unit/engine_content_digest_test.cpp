// Content digests: XXH64 as published, tile grids and images digested by value, transparent pixels alike.
#include <doctest/doctest.h>

#include <string>
#include <utility>
#include <vector>

#include "engine/content_digest.hpp"

using namespace qs;

TEST_CASE("xxh64 gives the published XXH64 values (stored in save files: it must never change)") {
    CHECK(xxh64("", 0) == 0xEF46DB3751D8E999ull);
    CHECK(xxh64("a", 1) == 0xD24EC4F1A98C6E5Bull);
    CHECK(xxh64("abc", 3) == 0x44BC2CF5AD770999ull);
    // Long inputs take the four-lane path, 4- and 1-byte tails the others: every length up to 100 differs
    // from its neighbours.
    std::string text;
    std::uint64_t previous = xxh64("", 0);
    for (int i = 0; i < 100; ++i) {
        text.push_back(static_cast<char>('a' + i % 26));
        const std::uint64_t now = xxh64(text.data(), text.size());
        CHECK(now != previous);
        previous = now;
    }
}

TEST_CASE("a tile grid's digest follows its size and every tile") {
    TileGrid a(8, 4);
    TileGrid b(8, 4);
    CHECK(digest_tiles(a) == digest_tiles(b));
    b.tiles[31] = 2;
    CHECK(digest_tiles(a) != digest_tiles(b));
    TileGrid c(4, 8);  // the same bytes in another shape
    CHECK(digest_tiles(a) != digest_tiles(c));
}

TEST_CASE("an image's digest follows its pixels; a transparent pixel's colour does not count") {
    RgbaImage a{3, 2, {0x11223344u, 0, 0xffffffffu, 0x00000000u, 0x80808080u, 0x01020300u}};
    RgbaImage b = a;
    b.pixels[3] = 0xff00ff00u;  // alpha 0: still nothing
    b.pixels[5] = 0x00000000u;
    CHECK(digest_image(a) == digest_image(b));
    b.pixels[4] = 0x80808081u;  // one step of alpha
    CHECK(digest_image(a) != digest_image(b));
    RgbaImage c{2, 3, a.pixels};
    CHECK(digest_image(a) != digest_image(c));
}

TEST_CASE("an image digested row by row as it is decoded gives its digest") {
    for (const std::pair<int, int>& size :
         {std::pair{0, 0}, std::pair{1, 1}, std::pair{7, 3}, std::pair{64, 40}}) {
        const int w = size.first, h = size.second;
        CAPTURE(w);
        CAPTURE(h);
        RgbaImage image{w, h, std::vector<std::uint32_t>(static_cast<std::size_t>(w) * h)};
        std::uint32_t x = 0x9e3779b9u;
        for (std::uint32_t& pixel : image.pixels) pixel = (x = x * 1664525u + 1013904223u);
        ImageDigest rows;
        for (int y = 0; y < h; ++y)
            rows.add_row(
                {image.pixels.data() + static_cast<std::size_t>(y) * w, static_cast<std::size_t>(w)});
        CHECK(rows.finish(w, h) == digest_image(image));
        if (w > 0) {
            ImageDigest one_row_short;
            for (int y = 0; y + 1 < h; ++y)
                one_row_short.add_row(
                    {image.pixels.data() + static_cast<std::size_t>(y) * w, static_cast<std::size_t>(w)});
            CHECK(one_row_short.finish(w, h) != digest_image(image));
        }
    }
}

TEST_CASE("a digest builder separates strings and counts -0.0 as 0.0") {
    DigestBuilder ab_c, a_bc;
    ab_c.add_string("ab");
    ab_c.add_string("c");
    a_bc.add_string("a");
    a_bc.add_string("bc");
    CHECK(ab_c.finish() != a_bc.finish());
    DigestBuilder zero, negative_zero;
    zero.add_double(0.0);
    negative_zero.add_double(-0.0);
    CHECK(zero.finish() == negative_zero.finish());
}
