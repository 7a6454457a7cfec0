// A bounds check for MessagePack read from files: walks the bytes without building anything (no recursion),
// so a decoder handed the same bytes afterwards cannot be driven into deep recursion or huge allocations.
//
//   if (std::string problem = qs::check_msgpack(bytes.data(), bytes.size(), {}); !problem.empty()) ...
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>

namespace qs {

/// What a MessagePack document may hold.
struct MsgpackLimits {
    int max_depth = 32;                 ///< arrays and maps nested at most this deep
    std::size_t max_values = 8u << 20;  ///< values of any kind in all (bounds a decoded tree's memory)
    std::uint64_t max_string_bytes = 1u << 20;  ///< longest string, binary or extension payload
};

/// Checks that `data` holds exactly one well-formed MessagePack value within `limits`: every length fits in
/// the bytes left, no reserved byte (0xc1), nothing after the value. Empty when it does, else a sentence
/// such as "nested deeper than 32 levels at byte 40" or "truncated: a string of 9000 bytes at byte 12".
std::string check_msgpack(const std::uint8_t* data, std::size_t size, const MsgpackLimits& limits);

}  // namespace qs
