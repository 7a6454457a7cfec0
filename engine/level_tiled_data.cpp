// Tiled tile layer data into tile ids: an array, CSV text, or base64 bytes plain or compressed with zlib,
// gzip or zstd; every count checked against the layer's width x height before anything is written.
#include <zlib.h>

#include "engine/level_editor_parts.hpp"
#include "engine/zstd_codec.hpp"

namespace qs::level_editor_detail {
namespace {

/// Base64 text (whitespace ignored) -> bytes; nullopt on any other character or a bad length.
std::optional<std::string> decode_base64(const std::string& text, std::size_t max_bytes) {
    std::string out;
    std::uint32_t bits = 0;
    int count = 0, padding = 0;
    for (const char c : text) {
        int value;
        if (c >= 'A' && c <= 'Z') {
            value = c - 'A';
        } else if (c >= 'a' && c <= 'z') {
            value = c - 'a' + 26;
        } else if (c >= '0' && c <= '9') {
            value = c - '0' + 52;
        } else if (c == '+') {
            value = 62;
        } else if (c == '/') {
            value = 63;
        } else if (c == '=') {
            ++padding;
            continue;
        } else if (c == ' ' || c == '\n' || c == '\r' || c == '\t') {
            continue;
        } else {
            return std::nullopt;
        }
        if (padding > 0) return std::nullopt;  // data after '='
        bits = (bits << 6) | static_cast<std::uint32_t>(value);
        if (++count == 4) {
            out.push_back(static_cast<char>((bits >> 16) & 0xff));
            out.push_back(static_cast<char>((bits >> 8) & 0xff));
            out.push_back(static_cast<char>(bits & 0xff));
            bits = 0;
            count = 0;
            if (out.size() > max_bytes) return std::nullopt;
        }
    }
    if (count == 1 || padding > 2) return std::nullopt;
    if (count == 2) out.push_back(static_cast<char>((bits >> 4) & 0xff));
    if (count == 3) {
        out.push_back(static_cast<char>((bits >> 10) & 0xff));
        out.push_back(static_cast<char>((bits >> 2) & 0xff));
    }
    return out;
}

/// zlib or gzip data inflated to exactly `expected` bytes; nullopt with the reason in `error`.
std::optional<std::string> inflate_exact(const std::string& packed, std::size_t expected,
                                         std::string& error) {
    z_stream stream{};
    if (inflateInit2(&stream, 15 + 32) != Z_OK) {  // +32: zlib or gzip header, detected
        error = "cannot start zlib";
        return std::nullopt;
    }
    std::string out(expected + 1, '\0');  // one spare byte shows data that is too long
    stream.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(packed.data()));
    stream.avail_in = static_cast<uInt>(packed.size());
    stream.next_out = reinterpret_cast<Bytef*>(out.data());
    stream.avail_out = static_cast<uInt>(out.size());
    const int status = inflate(&stream, Z_FINISH);
    const std::size_t produced = out.size() - stream.avail_out;
    inflateEnd(&stream);
    if (status != Z_STREAM_END) {
        error = produced > expected ? "the layer data holds more than its width x height tiles"
                                    : std::string("broken compressed data (zlib: ") +
                                          (stream.msg ? stream.msg : "truncated") + ")";
        return std::nullopt;
    }
    if (produced != expected) {
        error = "the layer data holds " + std::to_string(produced / 4) +
                " tiles, not width x height = " + std::to_string(expected / 4);
        return std::nullopt;
    }
    out.resize(expected);
    return out;
}

}  // namespace

std::optional<std::vector<std::uint32_t>> layer_gids(const json& layer, std::int64_t width,
                                                     std::int64_t height, const EditorLimits& limits,
                                                     const std::string& where,
                                                     std::vector<std::string>& errors) {
    const std::size_t count = static_cast<std::size_t>(width) * static_cast<std::size_t>(height);
    if (layer.contains("chunks")) {
        errors.push_back(where +
                         "the map is infinite (chunked layers): make it fixed-size in Tiled "
                         "(Map > Map Properties > Infinite off)");
        return std::nullopt;
    }
    const auto data = layer.find("data");
    if (data == layer.end()) {
        errors.push_back(where + "data is missing");
        return std::nullopt;
    }
    std::vector<std::uint32_t> gids;
    if (data->is_array()) {
        if (data->size() != count) {
            errors.push_back(where + "data holds " + std::to_string(data->size()) +
                             " tiles, not width x height = " + std::to_string(count));
            return std::nullopt;
        }
        gids.reserve(count);
        for (const json& gid : *data) {
            const auto value = whole_in(gid, 0, 0xffffffffLL);
            if (!value) {
                errors.push_back(where + "a tile id must be a whole number from 0 to 4294967295, got " +
                                 (gid.is_number() ? gid.dump() : json_kind(gid)));
                return std::nullopt;
            }
            gids.push_back(static_cast<std::uint32_t>(*value));
        }
        return gids;
    }
    if (!data->is_string()) {
        errors.push_back(where + "data must be an array of tile ids or base64 text, got " + json_kind(*data));
        return std::nullopt;
    }
    const std::string encoding = string_or(layer, "encoding", "csv");
    const std::string compression = string_or(layer, "compression");
    std::string bytes;
    if (encoding == "csv") {
        // (.tmx CSV arrives as text.)
        gids.reserve(count);
        std::uint64_t value = 0;
        bool digits = false;
        const auto flush = [&]() -> bool {
            if (!digits) return true;
            if (value > 0xffffffffull || gids.size() >= count) return false;
            gids.push_back(static_cast<std::uint32_t>(value));
            value = 0;
            digits = false;
            return true;
        };
        for (const char c : data->get<std::string>()) {
            if (c >= '0' && c <= '9') {
                value = value * 10 + static_cast<std::uint64_t>(c - '0');
                digits = true;
                if (value > 0xffffffffull) break;
            } else if (c == ',' || c == ' ' || c == '\n' || c == '\r' || c == '\t') {
                if (!flush()) break;
            } else {
                errors.push_back(where + "CSV data holds " + quote_name(std::string(1, c)) +
                                 ", not a tile id");
                return std::nullopt;
            }
        }
        if (!flush() || value > 0xffffffffull || gids.size() != count) {
            errors.push_back(where + "CSV data must hold width x height = " + std::to_string(count) +
                             " tile ids from 0 to 4294967295");
            return std::nullopt;
        }
        return gids;
    }
    if (encoding != "base64") {
        errors.push_back(where + "unknown data encoding " + quote_name(encoding) + " (known: csv, base64)");
        return std::nullopt;
    }
    const std::size_t expected = count * 4;
    if (expected > limits.max_decoded_layer_bytes) {
        errors.push_back(where + "layer data of " + std::to_string(expected) + " bytes, over the limit of " +
                         std::to_string(limits.max_decoded_layer_bytes));
        return std::nullopt;
    }
    std::optional<std::string> decoded =
        decode_base64(data->get<std::string>(), limits.max_decoded_layer_bytes);
    if (!decoded) {
        errors.push_back(where + "broken base64 layer data");
        return std::nullopt;
    }
    if (compression.empty()) {
        bytes = std::move(*decoded);
        if (bytes.size() != expected) {
            errors.push_back(where + "the layer data holds " + std::to_string(bytes.size()) +
                             " bytes, not width x height x 4 = " + std::to_string(expected));
            return std::nullopt;
        }
    } else if (compression == "zlib" || compression == "gzip") {
        std::string error;
        std::optional<std::string> inflated = inflate_exact(*decoded, expected, error);
        if (!inflated) {
            errors.push_back(where + error);
            return std::nullopt;
        }
        bytes = std::move(*inflated);
    } else if (compression == "zstd") {
        // Never more than the layer's width x height x 4 bytes is written, whatever the frames claim.
        ZstdCodec codec;
        std::vector<std::uint8_t> unpacked;
        if (!codec.decompress(reinterpret_cast<const std::uint8_t*>(decoded->data()), decoded->size(),
                              unpacked, expected)) {
            errors.push_back(where + "broken zstd layer data, or more of it than width x height tiles = " +
                             std::to_string(count));
            return std::nullopt;
        }
        if (unpacked.size() != expected) {
            errors.push_back(where + "the layer data holds " + std::to_string(unpacked.size() / 4) +
                             " tiles, not width x height = " + std::to_string(count));
            return std::nullopt;
        }
        bytes.assign(unpacked.begin(), unpacked.end());
    } else {
        errors.push_back(where + "layer data compression " + quote_name(compression) +
                         " is not supported (save the map with CSV, base64, base64 zlib, base64 gzip or "
                         "base64 zstd layer data)");
        return std::nullopt;
    }
    gids.resize(count);
    for (std::size_t i = 0; i < count; ++i) {
        const auto* b = reinterpret_cast<const unsigned char*>(bytes.data() + i * 4);
        gids[i] = static_cast<std::uint32_t>(b[0]) | static_cast<std::uint32_t>(b[1]) << 8 |
                  static_cast<std::uint32_t>(b[2]) << 16 | static_cast<std::uint32_t>(b[3]) << 24;
    }
    return gids;
}

}  // namespace qs::level_editor_detail
