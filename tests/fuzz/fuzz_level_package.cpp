// Fuzzer: a level package's bytes -> the zip reader and the manifest; an accepted package's names are safe
// and within the caps, its files unpack inside a scratch folder that is removed, and a refusal names the
// package in printable text.
#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <string>

#include "game/levels/level_package.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    std::string error;
    const std::optional<qs::LevelPackage> package =
        qs::decode_level_package(data, size, "fuzz.qslevel", error);
    if (!package) {
        if (!error.starts_with("fuzz.qslevel")) __builtin_trap();
        for (char c : error) {
            if (static_cast<unsigned char>(c) < 0x20) __builtin_trap();
        }
        return 0;
    }
    const qs::ArchiveLimits limits = qs::level_package_limits();
    std::uint64_t total = package->proof.size();
    for (const qs::ArchiveEntry& file : package->files) {
        if (!qs::entry_name_problem("level/" + file.name, limits).empty()) __builtin_trap();
        if (file.bytes.size() > limits.max_entry_bytes) __builtin_trap();
        total += file.bytes.size();
    }
    if (total > limits.max_total_bytes) __builtin_trap();
    std::filesystem::path root;
    {
        qs::UnpackedLevel unpacked(*package, error);
        if (!unpacked.ok()) return 0;
        root = unpacked.root();
        const std::string inside = unpacked.folder().lexically_normal().string() + "/";
        for (const qs::ArchiveEntry& file : package->files) {
            const std::filesystem::path path = (unpacked.folder() / file.name).lexically_normal();
            if (!path.string().starts_with(inside) || !std::filesystem::is_regular_file(path))
                __builtin_trap();
        }
    }
    if (std::filesystem::exists(root)) __builtin_trap();
    return 0;
}
