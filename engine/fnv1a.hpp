// FNV-1a 64: the fast non-cryptographic hash of save file checksums and level content hashes.
#pragma once

#include <cstddef>
#include <cstdint>

namespace qs {

/// The FNV-1a 64 offset basis: the hash of no bytes, and the seed of a new hash.
inline constexpr std::uint64_t fnv1a64_seed = 0xcbf29ce484222325ull;

/// FNV-1a 64 over `size` bytes, continuing from `seed` (so a hash can be fed in pieces).
inline std::uint64_t fnv1a64(const void* data, std::size_t size, std::uint64_t seed = fnv1a64_seed) {
    const auto* bytes = static_cast<const std::uint8_t*>(data);
    std::uint64_t hash = seed;
    for (std::size_t i = 0; i < size; ++i) {
        hash ^= bytes[i];
        hash *= 0x100000001b3ull;
    }
    return hash;
}

}  // namespace qs
