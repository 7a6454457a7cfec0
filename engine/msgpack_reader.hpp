// A bounded MessagePack reader straight over the bytes (no DOM, no events, no recursion): the caller walks
// the lists and maps it expects, and any value it does not expect is read whole, walked through with an
// explicit stack. Every length and count is checked against the bytes left and against MsgpackLimits
// exactly as check_msgpack checks them (depth of non-empty lists and maps, values in all, longest string),
// and map keys must be strings (as nlohmann's reader wants), so what it reads, check_msgpack and
// nlohmann::json::from_msgpack would read too. A value is a MsgpackValue, read like a const nlohmann::json
// (the same kinds, numbers converted the same way), so field readers written for json take it unchanged.
//
//   qs::MsgpackReader reader(bytes.data(), bytes.size(), {});
//   std::size_t entries = 0;
//   std::string_view key;
//   qs::MsgpackValue value;
//   if (!reader.open_map(entries, 0)) ...                // the root, inside no list or map
//   for (...) if (!reader.read_key(key) || !reader.read(value, 1)) ...  // value.is_number(), ...
//   if (!reader.at_end()) ...                            // nothing may follow the root
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <string_view>
#include <type_traits>
#include <vector>

#include "engine/msgpack_check.hpp"

namespace qs {

/// One MessagePack value read in place (strings point into the bytes; a list or map points at its items,
/// which have been checked already). Read like a const nlohmann::json.
class MsgpackValue {
   public:
    /// The kinds nlohmann::json distinguishes (bin and ext are both binary); invalid: not a value.
    enum class Kind : std::uint8_t {
        invalid,
        null,
        boolean,
        integer,
        unsigned_integer,
        floating,
        string,
        binary,
        array,
        object
    };

    Kind kind() const { return kind_; }
    bool is_null() const { return kind_ == Kind::null; }
    bool is_boolean() const { return kind_ == Kind::boolean; }
    bool is_number() const {
        return kind_ == Kind::integer || kind_ == Kind::unsigned_integer || kind_ == Kind::floating;
    }
    /// Signed or unsigned, as in nlohmann::json (a positive int8..int64 is signed there, uint8..64 unsigned).
    bool is_number_integer() const { return kind_ == Kind::integer || kind_ == Kind::unsigned_integer; }
    bool is_number_unsigned() const { return kind_ == Kind::unsigned_integer; }
    bool is_number_float() const { return kind_ == Kind::floating; }
    bool is_string() const { return kind_ == Kind::string; }
    bool is_binary() const { return kind_ == Kind::binary; }
    bool is_array() const { return kind_ == Kind::array; }
    bool is_object() const { return kind_ == Kind::object; }
    /// nlohmann::json's names: "null", "boolean", "number", "string", "binary", "array", "object".
    const char* type_name() const {
        switch (kind_) {
            case Kind::null:
                return "null";
            case Kind::boolean:
                return "boolean";
            case Kind::string:
                return "string";
            case Kind::binary:
                return "binary";
            case Kind::array:
                return "array";
            case Kind::object:
                return "object";
            case Kind::invalid:
                return "discarded";
            default:
                return "number";
        }
    }

    /// Items of an array, entries of an object, 0 for anything else.
    std::size_t size() const { return is_array() || is_object() ? static_cast<std::size_t>(count_) : 0; }
    bool empty() const { return size() == 0; }

    /// Numbers and booleans converted as nlohmann's get<T>() converts them.
    template <class T>
    T get() const {
        static_assert(std::is_arithmetic_v<T>, "MsgpackValue::get: numbers and booleans only");
        switch (kind_) {
            case Kind::boolean:
                return static_cast<T>(boolean_);
            case Kind::integer:
                return static_cast<T>(integer_);
            case Kind::unsigned_integer:
                return static_cast<T>(unsigned_);
            case Kind::floating:
                return static_cast<T>(floating_);
            default:
                return T{};
        }
    }
    /// A string's text (in the bytes read; valid while they are). Spelled as nlohmann's get_ref so field
    /// readers take json and MsgpackValue alike.
    template <class T>
    std::string_view get_ref() const {
        static_assert(std::is_same_v<T, const std::string&>, "MsgpackValue::get_ref: strings only");
        return is_string()
                   ? std::string_view(reinterpret_cast<const char*>(data_), static_cast<std::size_t>(count_))
                   : std::string_view();
    }

    /// The first item of a non-empty array (items of an object: key, value, key, ...); walk on with
    /// following(). Invalid past the end.
    MsgpackValue first_item() const;
    /// The value stored after this one among its list's items.
    MsgpackValue following() const;
    /// The i-th item of an array (walks the items before it).
    MsgpackValue operator[](std::size_t i) const {
        MsgpackValue item = first_item();
        while (i-- > 0 && item.kind_ != Kind::invalid) item = item.following();
        return item;
    }

   private:
    friend class MsgpackReader;
    Kind kind_ = Kind::invalid;
    union {
        bool boolean_;
        std::int64_t integer_;
        std::uint64_t unsigned_ = 0;
        double floating_;
    };
    std::uint64_t count_ = 0;              ///< string bytes, array items, object entries
    const std::uint8_t* data_ = nullptr;   ///< a string's text, a list's or map's first item
    const std::uint8_t* after_ = nullptr;  ///< the byte after this value
    const std::uint8_t* limit_ =
        nullptr;  ///< end of the bytes this value's container holds (for following())
};

/// Reads MessagePack from `data`, a value at a time, within `limits`; false from any call when the bytes
/// are not well-formed MessagePack within the limits (or not what the call wants), and then the reader is
/// spent.
class MsgpackReader {
   public:
    MsgpackReader(const std::uint8_t* data, std::size_t size, const MsgpackLimits& limits)
        : at_(data), end_(data + size), limits_(limits) {}

    /// Reads a list's header: its item count; the items follow. `depth`: non-empty lists and maps open
    /// around it (0 for the root), as check_msgpack counts them.
    bool open_array(std::size_t& items, int depth) { return open(0x90, 0xdc, items, depth); }
    /// Reads a map's header: its entry count; key, value, key, value, ... follow.
    bool open_map(std::size_t& entries, int depth) { return open(0x80, 0xde, entries, depth); }
    /// Reads a map key (a string).
    bool read_key(std::string_view& key) {
        MsgpackValue value;
        if (!head(value) || !value.is_string()) return false;
        key = value.get_ref<const std::string&>();
        return true;
    }
    /// Reads any one value whole: a list or map with everything inside it (checked; its items are then read
    /// through MsgpackValue::first_item()).
    [[gnu::always_inline]] bool read(MsgpackValue& value, int depth) {
        if (!head(value)) return false;
        if ((value.kind_ == MsgpackValue::Kind::array || value.kind_ == MsgpackValue::Kind::object) &&
            value.count_ > 0)
            return walk_items(value, depth);
        return true;
    }
    /// Where the next value starts, and going back there (to read a part again).
    const std::uint8_t* position() const { return at_; }
    /// Whether every byte has been read (nothing may follow a document's root).
    bool at_end() const { return at_ == end_; }
    /// Values read so far (keys and containers included, as check_msgpack counts them).
    std::size_t values() const { return values_; }

    /// Reads the value at `at` (before `end`), which a reader has checked already: for MsgpackValue's
    /// walks over items. Invalid when it is not there.
    static MsgpackValue value_at(const std::uint8_t* at, const std::uint8_t* end) {
        MsgpackReader reader(at, static_cast<std::size_t>(end - at),
                             MsgpackLimits{1 << 30, SIZE_MAX, UINT64_MAX});
        MsgpackValue value;
        if (!reader.head(value) || !reader.skip_checked_items(value)) return {};
        value.limit_ = end;
        return value;
    }

   private:
    bool open(std::uint8_t fix, std::uint8_t sized16, std::size_t& count, int depth) {
        MsgpackValue value;
        if (at_ == end_) return false;
        const std::uint8_t type = *at_;
        if (!((type & 0xf0) == fix || type == sized16 || type == sized16 + 1) || !head(value)) return false;
        count = static_cast<std::size_t>(value.count_);
        return count == 0 || depth < limits_.max_depth;
    }

    /// Big-endian number of `bytes` (1, 2, 4 or 8) bytes at `at` (there are that many).
    static std::uint64_t big_endian(const std::uint8_t* at, int bytes) {
        switch (bytes) {
            case 1:
                return at[0];
            case 2: {
                std::uint16_t raw;
                std::memcpy(&raw, at, 2);
                return __builtin_bswap16(raw);
            }
            case 4: {
                std::uint32_t raw;
                std::memcpy(&raw, at, 4);
                return __builtin_bswap32(raw);
            }
            default: {
                std::uint64_t raw;
                std::memcpy(&raw, at, 8);
                return __builtin_bswap64(raw);
            }
        }
    }
    template <class T>
    static T bits_of(std::uint64_t raw) {
        if constexpr (sizeof(T) == 4) {
            auto narrow = static_cast<std::uint32_t>(raw);
            T out;
            std::memcpy(&out, &narrow, sizeof out);
            return out;
        } else {
            T out;
            std::memcpy(&out, &raw, sizeof out);
            return out;
        }
    }

    /// Reads one value's header (a string, binary or extension with its payload; a list or map without its
    /// items), counting it; false when it is malformed, cut short or over a limit.
    [[gnu::always_inline]] bool head(MsgpackValue& value) {
        using Kind = MsgpackValue::Kind;
        if (at_ == end_ || ++values_ > limits_.max_values) return false;
        const std::uint8_t type = *at_++;
        value.limit_ = end_;
        if (type <= 0x7f) {
            value.kind_ = Kind::unsigned_integer;
            value.unsigned_ = type;
        } else if (type >= 0xe0) {
            value.kind_ = Kind::integer;
            value.integer_ = static_cast<std::int8_t>(type);
        } else if (type <= 0x9f) {  // fixmap, fixarray
            value.kind_ = type <= 0x8f ? Kind::object : Kind::array;
            value.count_ = type & 0x0fu;
            return items_fit(value);
        } else if (type <= 0xbf) {  // fixstr
            return payload(value, Kind::string, type & 0x1fu, 0, false);
        } else if (type >= 0xca && type <= 0xd3) {  // float 32, 64, uint 8..64, int 8..64
            return number(type, value);
        } else {
            return head_long(type, value);
        }
        value.after_ = at_;
        return true;
    }
    /// A number of 1, 2, 4 or 8 payload bytes after its type byte (0xca..0xd3).
    [[gnu::always_inline]] bool number(std::uint8_t type, MsgpackValue& value) {
        using Kind = MsgpackValue::Kind;
        static constexpr std::uint8_t payload_bytes[10] = {4, 8, 1, 2, 4, 8, 1, 2, 4, 8};
        const int bytes = payload_bytes[type - 0xca];
        if (end_ - at_ < bytes) return false;
        const std::uint64_t raw = big_endian(at_, bytes);
        at_ += bytes;
        if (type == 0xcb) {
            value.kind_ = Kind::floating;
            value.floating_ = bits_of<double>(raw);
        } else if (type == 0xca) {
            value.kind_ = Kind::floating;
            value.floating_ = static_cast<double>(bits_of<float>(raw));
        } else if (type <= 0xcf) {
            value.kind_ = Kind::unsigned_integer;
            value.unsigned_ = raw;
        } else {  // signed: sign-extend
            value.kind_ = Kind::integer;
            const int shift = 64 - 8 * bytes;
            value.integer_ = static_cast<std::int64_t>(raw << shift) >> shift;
        }
        value.after_ = at_;
        return true;
    }
    bool head_long(std::uint8_t type, MsgpackValue& value) {
        using Kind = MsgpackValue::Kind;
        // A length field of `bytes` bytes, then that many payload bytes (+ `extra`: an extension's type).
        auto sized = [&](Kind kind, int bytes, std::uint64_t extra) -> bool {
            if (end_ - at_ < bytes) return false;
            std::uint64_t length = big_endian(at_, bytes);
            at_ += bytes;
            return payload(value, kind, length, extra, true);
        };
        // A list or map whose count takes `bytes` bytes.
        auto container = [&](Kind kind, int bytes) -> bool {
            if (end_ - at_ < bytes) return false;
            value.kind_ = kind;
            value.count_ = big_endian(at_, bytes);
            at_ += bytes;
            return items_fit(value);
        };
        switch (type) {
            case 0xc0:
                value.kind_ = Kind::null;
                break;
            case 0xc2:
            case 0xc3:
                value.kind_ = Kind::boolean;
                value.unsigned_ = 0;
                value.boolean_ = type == 0xc3;
                break;
            case 0xc4:
                return sized(Kind::binary, 1, 0);
            case 0xc5:
                return sized(Kind::binary, 2, 0);
            case 0xc6:
                return sized(Kind::binary, 4, 0);
            case 0xc7:
                return sized(Kind::binary, 1, 1);
            case 0xc8:
                return sized(Kind::binary, 2, 1);
            case 0xc9:
                return sized(Kind::binary, 4, 1);
            case 0xd4:
                return payload(value, Kind::binary, 1, 1, false);  // fixext 1..16: type byte + data
            case 0xd5:
                return payload(value, Kind::binary, 2, 1, false);
            case 0xd6:
                return payload(value, Kind::binary, 4, 1, false);
            case 0xd7:
                return payload(value, Kind::binary, 8, 1, false);
            case 0xd8:
                return payload(value, Kind::binary, 16, 1, false);
            case 0xd9:
                return sized(Kind::string, 1, 0);
            case 0xda:
                return sized(Kind::string, 2, 0);
            case 0xdb:
                return sized(Kind::string, 4, 0);
            case 0xdc:
                return container(Kind::array, 2);
            case 0xdd:
                return container(Kind::array, 4);
            case 0xde:
                return container(Kind::object, 2);
            case 0xdf:
                return container(Kind::object, 4);
            default:
                return false;  // 0xc1: never used
        }
        value.after_ = at_;
        return true;
    }
    /// A string, binary or extension of `length` bytes (+ `extra`: an extension's type byte) within the
    /// bytes left and, when its length was a field (`limited`), within the string limit (as check_msgpack:
    /// fixstr and fixext are short anyway).
    bool payload(MsgpackValue& value, MsgpackValue::Kind kind, std::uint64_t length, std::uint64_t extra,
                 bool limited) {
        if ((limited && length > limits_.max_string_bytes) ||
            length + extra > static_cast<std::uint64_t>(end_ - at_))
            return false;
        value.kind_ = kind;
        value.count_ = length;
        value.data_ = at_ + extra;
        at_ += length + extra;
        value.after_ = at_;
        return true;
    }
    /// A list or map of count_ entries: every item takes a byte at least, so more than the bytes left is a
    /// lie.
    bool items_fit(MsgpackValue& value) {
        const std::uint64_t items =
            value.kind_ == MsgpackValue::Kind::object ? 2 * value.count_ : value.count_;
        if (value.count_ > (UINT64_MAX >> 1) || items > static_cast<std::uint64_t>(end_ - at_)) return false;
        value.data_ = at_;
        value.after_ = at_;
        return true;
    }

    /// Skips the items of a list or map whose header `container` was just read, in bytes checked already
    /// (a count of values still to skip: no stack).
    bool skip_checked_items(MsgpackValue& container) {
        std::uint64_t left = container.size() * (container.is_object() ? 2 : 1);
        MsgpackValue item;
        for (; left > 0; --left) {
            if (!head(item)) return false;
            left += item.size() * (item.is_object() ? 2 : 1);
        }
        container.after_ = at_;
        return true;
    }

    /// Reads the items of the list or map whose header `container` was just read (non-empty, at `depth`),
    /// and what they hold, with a stack of open containers.
    bool walk_items(MsgpackValue& container, int depth);

    const std::uint8_t* at_;
    const std::uint8_t* end_;
    MsgpackLimits limits_;
    std::size_t values_ = 0;
    struct Open {
        std::uint64_t left;  ///< items still to read (2 per map entry)
        bool map;            ///< then an even `left` means a key comes next
    };
    std::vector<Open> open_;  ///< reused between walks
};

inline bool MsgpackReader::walk_items(MsgpackValue& container, int depth) {
    using Kind = MsgpackValue::Kind;
    // The container itself is pushed at `depth` open ones: check_msgpack refuses it at max_depth.
    if (depth >= limits_.max_depth) return false;
    open_.clear();
    const bool map = container.kind_ == Kind::object;
    open_.push_back({map ? 2 * container.count_ : container.count_, map});
    MsgpackValue item;
    while (!open_.empty()) {
        Open& top = open_.back();
        const bool key = top.map && (top.left & 1) == 0;
        if (!head(item) || (key && !item.is_string())) return false;
        if ((item.kind_ == Kind::array || item.kind_ == Kind::object) && item.count_ > 0) {
            if (depth + static_cast<int>(open_.size()) >= limits_.max_depth) return false;
            const bool inner_map = item.kind_ == Kind::object;
            open_.push_back({inner_map ? 2 * item.count_ : item.count_, inner_map});
            continue;
        }
        // A value is complete: it ends its container if it was the last item, which ends its own, ...
        while (!open_.empty() && --open_.back().left == 0) open_.pop_back();
    }
    container.after_ = at_;
    return true;
}

inline MsgpackValue MsgpackValue::first_item() const {
    if (!(is_array() || is_object()) || count_ == 0) return {};
    return MsgpackReader::value_at(data_, after_);
}
inline MsgpackValue MsgpackValue::following() const {
    if (kind_ == Kind::invalid || after_ == limit_) return {};
    return MsgpackReader::value_at(after_, limit_);
}

}  // namespace qs
