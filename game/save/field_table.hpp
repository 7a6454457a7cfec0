// Field tables: where each field of an entity type sits in the object and how to compare, copy, store and
// load it, made once from the type's field list. The rewind recording diffs an entity against its recorded
// copy field by field through the table (a tight loop of small compares) instead of visiting the field
// list each time. Stored values are raw bytes for plain fields (numbers, enums, references) and the
// FieldByteWriter encoding for the others (strings, reference lists): for in-memory records only.
#pragma once

#include <array>
#include <cstdint>
#include <cstring>
#include <type_traits>
#include <vector>

#include "game/save/field_bytes.hpp"

namespace qs {

struct FieldTable {
    struct Field {
        const char* name = "";
        std::uint32_t offset = 0;  ///< from the start of the entity object
        std::uint32_t size = 0;    ///< plain field: its bytes; 0: use the functions
        bool (*same)(const void* a, const void* b) = nullptr;
        void (*store)(const void* value, std::vector<std::uint8_t>& out) = nullptr;
        void (*load)(void* value, const std::uint8_t*& at) = nullptr;
        void (*assign)(void* to, const void* from) = nullptr;
    };
    std::vector<Field> fields;

    /// Whether the field at `offset`'s bytes in a and b are equal (plain fields bit for bit: -0.0 differs
    /// from 0.0, a NaN equals itself).
    static bool same_plain(const char* a, const char* b, std::uint32_t size) {
        switch (size) {
            case 8: {
                std::uint64_t x, y;
                std::memcpy(&x, a, 8);
                std::memcpy(&y, b, 8);
                return x == y;
            }
            case 4: {
                std::uint32_t x, y;
                std::memcpy(&x, a, 4);
                std::memcpy(&y, b, 4);
                return x == y;
            }
            case 1:
                return *a == *b;
            default:
                return std::memcmp(a, b, size) == 0;
        }
    }

    /// Builds the table of entity type T from its field list.
    template <class T>
    static FieldTable of() {
        FieldTable table;
        T probe{};
        Collector collector{table, reinterpret_cast<const char*>(&probe)};
        probe.fields(collector);
        return table;
    }

    /// The tables of every roster type, by variant index.
    static std::array<FieldTable, std::variant_size_v<Entity>> for_roster() {
        std::array<FieldTable, std::variant_size_v<Entity>> tables;
        std::size_t i = 0;
        for_each_entity_type([&]<class T>() { tables[i++] = of<T>(); });
        return tables;
    }

   private:
    struct Collector {
        FieldTable& table;
        const char* base;
        template <class F, class... Rest>
        void operator()(const char* name, F& value, Rest&&...) {
            Field field;
            field.name = name;
            field.offset = static_cast<std::uint32_t>(reinterpret_cast<const char*>(&value) - base);
            if constexpr (std::is_arithmetic_v<F> || std::is_enum_v<F> || std::is_same_v<F, EntityRef>) {
                static_assert(std::has_unique_object_representations_v<F> || std::is_floating_point_v<F> ||
                              std::is_same_v<F, bool>);
                field.size = sizeof(F);
            } else {
                field.same = [](const void* a, const void* b) {
                    return *static_cast<const F*>(a) == *static_cast<const F*>(b);
                };
                field.store = [](const void* value, std::vector<std::uint8_t>& out) {
                    FieldByteWriter{out}("", *const_cast<F*>(static_cast<const F*>(value)));
                };
                field.load = [](void* value, const std::uint8_t*& at) {
                    FieldByteReader{at}("", *static_cast<F*>(value));
                };
                field.assign = [](void* to, const void* from) {
                    *static_cast<F*>(to) = *static_cast<const F*>(from);
                };
            }
            table.fields.push_back(field);
        }
    };
};

}  // namespace qs
