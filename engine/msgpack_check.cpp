// MessagePack bounds check: one pass over the bytes with an explicit stack of open containers.
#include "engine/msgpack_check.hpp"

#include <vector>

namespace qs {

std::string check_msgpack(const std::uint8_t* data, std::size_t size, const MsgpackLimits& limits) {
    std::vector<std::uint64_t> open;  // items still expected by each open array or map, innermost last
    std::size_t pos = 0, values = 0;
    auto at = [](std::size_t offset) { return " at byte " + std::to_string(offset); };
    do {
        const std::size_t start = pos;
        if (pos >= size) return "truncated: the data ends inside a value" + at(pos);
        if (++values > limits.max_values)
            return "more than " + std::to_string(limits.max_values) + " values" + at(start);
        const std::uint8_t type = data[pos++];
        // Big-endian length field of `bytes` bytes right after the type byte.
        auto read_length = [&](std::size_t bytes, std::uint64_t& out) {
            if (size - pos < bytes) return false;
            out = 0;
            for (std::size_t i = 0; i < bytes; ++i) out = (out << 8) | data[pos + i];
            pos += bytes;
            return true;
        };
        std::uint64_t payload = 0;  // bytes that follow the header
        std::uint64_t items = 0;    // values a container holds (2 per map entry)
        bool container = false, sized = false;
        std::size_t length_bytes = 0;
        std::uint64_t extra = 0;  // an extension's type byte
        if (type <= 0x7f || type >= 0xe0 || type == 0xc0 || type == 0xc2 || type == 0xc3) {
            // fixint, nil, false, true
        } else if (type <= 0x8f) {
            container = true;
            items = 2u * (type & 0x0fu);
        } else if (type <= 0x9f) {
            container = true;
            items = type & 0x0fu;
        } else if (type <= 0xbf) {
            payload = type & 0x1fu;
        } else {
            switch (type) {
                case 0xc1:
                    return "invalid MessagePack byte 0xc1" + at(start);
                case 0xc4:
                case 0xd9:
                    length_bytes = 1;
                    sized = true;
                    break;  // bin8, str8
                case 0xc5:
                case 0xda:
                    length_bytes = 2;
                    sized = true;
                    break;  // bin16, str16
                case 0xc6:
                case 0xdb:
                    length_bytes = 4;
                    sized = true;
                    break;  // bin32, str32
                case 0xc7:
                    length_bytes = 1;
                    sized = true;
                    extra = 1;
                    break;  // ext8
                case 0xc8:
                    length_bytes = 2;
                    sized = true;
                    extra = 1;
                    break;  // ext16
                case 0xc9:
                    length_bytes = 4;
                    sized = true;
                    extra = 1;
                    break;  // ext32
                case 0xcc:
                case 0xd0:
                    payload = 1;
                    break;
                case 0xcd:
                case 0xd1:
                    payload = 2;
                    break;
                case 0xca:
                case 0xce:
                case 0xd2:
                    payload = 4;
                    break;
                case 0xcb:
                case 0xcf:
                case 0xd3:
                    payload = 8;
                    break;
                case 0xd4:
                    payload = 2;
                    break;  // fixext 1..16: type byte + data
                case 0xd5:
                    payload = 3;
                    break;
                case 0xd6:
                    payload = 5;
                    break;
                case 0xd7:
                    payload = 9;
                    break;
                case 0xd8:
                    payload = 17;
                    break;
                case 0xdc:
                case 0xde:
                    length_bytes = 2;
                    container = true;
                    break;  // array16, map16
                case 0xdd:
                case 0xdf:
                    length_bytes = 4;
                    container = true;
                    break;  // array32, map32
                default:
                    return "invalid MessagePack byte" + at(start);
            }
            if (length_bytes > 0) {
                std::uint64_t length = 0;
                if (!read_length(length_bytes, length)) return "truncated: a length field" + at(start);
                if (sized) {
                    if (length > limits.max_string_bytes)
                        return "a string or binary value of " + std::to_string(length) +
                               " bytes, over the limit of " + std::to_string(limits.max_string_bytes) +
                               at(start);
                    payload = length + extra;
                } else {
                    items = (type == 0xde || type == 0xdf) ? 2 * length : length;
                }
            }
        }
        if (payload > size - pos)
            return "truncated: a value of " + std::to_string(payload) + " bytes" + at(start);
        pos += static_cast<std::size_t>(payload);
        if (container && items > 0) {
            // Every item takes at least one byte, so a count beyond the bytes left is a lie.
            if (items > size - pos)
                return "a list or map of " + std::to_string(items) + " items with only " +
                       std::to_string(size - pos) + " bytes left" + at(start);
            if (open.size() >= static_cast<std::size_t>(limits.max_depth))
                return "nested deeper than " + std::to_string(limits.max_depth) + " levels" + at(start);
            open.push_back(items);
            continue;
        }
        // A value is complete: it ends its container if it was the last item, which ends its own, ...
        while (!open.empty() && --open.back() == 0) open.pop_back();
    } while (!open.empty());
    if (pos != size) return std::to_string(size - pos) + " bytes after the end of the data" + at(pos);
    return "";
}

}  // namespace qs
