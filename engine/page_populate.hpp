// Faulting in a fresh block's pages in one system call: a page first written otherwise costs one page fault
// each, which can cost more than copying a large snapshot into the new memory.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

#if defined(__linux__)
#include <sys/mman.h>
#endif

namespace qs {

/// Makes the pages wholly inside [data, data + bytes) present and writable at once (Linux 5.14+
/// MADV_POPULATE_WRITE), as writing to each would, without changing their contents. Pages already present
/// cost a page-table look each; blocks under 64 KiB are left alone. A no-op where unsupported.
inline void populate_pages(const void* data, std::size_t bytes) {
#if defined(__linux__)
    constexpr std::size_t min_bytes = 64 << 10;
    constexpr std::uintptr_t page = 4096;
    constexpr int populate_write = 23;  // MADV_POPULATE_WRITE, absent from older headers
    if (!data || bytes < min_bytes) return;
    const auto begin = (reinterpret_cast<std::uintptr_t>(data) + page - 1) & ~(page - 1);
    const auto end = (reinterpret_cast<std::uintptr_t>(data) + bytes) & ~(page - 1);
    if (end > begin) madvise(reinterpret_cast<void*>(begin), end - begin, populate_write);  // best effort
#else
    (void)data;
    (void)bytes;
#endif
}

/// Room in `v` for `count` elements at least, its fresh pages made present at once (populate_pages).
template <class V>
void reserve_present(std::vector<V>& v, std::size_t count) {
    if (v.capacity() >= count) return;
    v.reserve(count);
    populate_pages(v.data(), v.capacity() * sizeof(V));
}

}  // namespace qs
