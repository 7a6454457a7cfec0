// Reading a whole file as bytes, for tests that edit files byte by byte (hostile PNGs, saves).
#pragma once

#include <cstdint>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <vector>

namespace qs::test {

/// Every byte of the file at `path` (empty when it cannot be read).
inline std::vector<std::uint8_t> read_bytes(const std::filesystem::path& path) {
    std::ifstream in(path, std::ios::binary);
    return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

}  // namespace qs::test
