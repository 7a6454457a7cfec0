// Field lists as compact bytes: an entity or the game state written field by field in list order (numbers
// as raw bytes, strings and reference lists length-prefixed) and read back the same way. For in-memory
// records of the same build only (the rewind buffer): no names, no versioning, no checks of hostile input.
#pragma once

#include <cstdint>
#include <cstring>
#include <string>
#include <type_traits>
#include <vector>

#include "engine/fields.hpp"
#include "game/sim/entity_ref.hpp"
#include "game/sim/roster.hpp"

namespace qs {

/// Appends every field of an object to `out`.
struct FieldByteWriter {
    std::vector<std::uint8_t>& out;

    void put(const void* data, std::size_t size) {
        const auto* bytes = static_cast<const std::uint8_t*>(data);
        out.insert(out.end(), bytes, bytes + size);
    }
    template <class T, class... Rest>
    void operator()(const char*, T& value, Rest&&...) {
        if constexpr (std::is_arithmetic_v<T> || std::is_enum_v<T>) {
            put(&value, sizeof value);
        } else if constexpr (std::is_same_v<T, std::string>) {
            auto size = static_cast<std::uint32_t>(value.size());
            put(&size, sizeof size);
            put(value.data(), value.size());
        } else if constexpr (std::is_same_v<T, EntityRef>) {
            put(&value.index, sizeof value.index);
            put(&value.generation, sizeof value.generation);
        } else if constexpr (std::is_same_v<T, EntityRefList>) {
            auto size = static_cast<std::uint32_t>(value.refs.size());
            put(&size, sizeof size);
            for (EntityRef& ref : value.refs) (*this)("", ref);
        } else {
            static_assert(sizeof(T) == 0, "FieldByteWriter: a field type it does not know");
        }
    }
};

/// Reads the fields FieldByteWriter wrote, in the same order, advancing `at`.
struct FieldByteReader {
    const std::uint8_t*& at;

    void get(void* data, std::size_t size) {
        std::memcpy(data, at, size);
        at += size;
    }
    template <class T, class... Rest>
    void operator()(const char*, T& value, Rest&&...) {
        if constexpr (std::is_arithmetic_v<T> || std::is_enum_v<T>) {
            get(&value, sizeof value);
        } else if constexpr (std::is_same_v<T, std::string>) {
            std::uint32_t size = 0;
            get(&size, sizeof size);
            value.assign(reinterpret_cast<const char*>(at), size);
            at += size;
        } else if constexpr (std::is_same_v<T, EntityRef>) {
            get(&value.index, sizeof value.index);
            get(&value.generation, sizeof value.generation);
        } else if constexpr (std::is_same_v<T, EntityRefList>) {
            std::uint32_t size = 0;
            get(&size, sizeof size);
            value.refs.assign(size, EntityRef{});
            for (EntityRef& ref : value.refs) (*this)("", ref);
        } else {
            static_assert(sizeof(T) == 0, "FieldByteReader: a field type it does not know");
        }
    }
};

/// Appends `entity` to `out`: its roster type index, then its fields.
inline void write_entity_bytes(Entity& entity, std::vector<std::uint8_t>& out) {
    out.push_back(static_cast<std::uint8_t>(entity.index()));
    FieldByteWriter writer{out};
    std::visit([&](auto& e) { e.fields(writer); }, entity);
}

/// Reads an entity written by write_entity_bytes, advancing `at`.
inline Entity read_entity_bytes(const std::uint8_t*& at) {
    std::size_t type = *at++;
    Entity entity;
    std::size_t i = 0;
    for_each_entity_type([&]<class T>() {
        if (i++ == type) entity = T{};
    });
    FieldByteReader reader{at};
    std::visit([&](auto& e) { e.fields(reader); }, entity);
    return entity;
}

}  // namespace qs
