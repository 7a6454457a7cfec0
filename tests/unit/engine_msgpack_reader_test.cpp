// MsgpackReader (engine/msgpack_reader.hpp) against check_msgpack and nlohmann's reader: on random and
// damaged documents it reads a whole document exactly when both of them would, values read like json.
#include <doctest/doctest.h>

#include <random>

#include <nlohmann/json.hpp>

#include "engine/msgpack_check.hpp"
#include "engine/msgpack_reader.hpp"

using namespace qs;
using nlohmann::json;

namespace {

/// Whether MsgpackReader reads `bytes` as one whole value within `limits`.
bool reader_takes(const std::vector<std::uint8_t>& bytes, const MsgpackLimits& limits) {
    MsgpackReader reader(bytes.data(), bytes.size(), limits);
    MsgpackValue value;
    return reader.read(value, 0) && reader.at_end();
}

/// Whether check_msgpack and then nlohmann's reader take `bytes` (as the save body's reference reader).
bool reference_takes(const std::vector<std::uint8_t>& bytes, const MsgpackLimits& limits) {
    if (!check_msgpack(bytes.data(), bytes.size(), limits).empty()) return false;
    return !json::from_msgpack(bytes, true, false).is_discarded();
}

json random_value(std::mt19937& random, int depth) {
    switch (random() % (depth > 4 ? 6 : 9)) {
        case 0:
            return nullptr;
        case 1:
            return random() % 2 == 0;
        case 2:
            return static_cast<std::int64_t>(random()) - (1ll << 31);
        case 3:
            return static_cast<std::uint64_t>(random()) << (random() % 33);
        case 4:
            return (static_cast<double>(random()) - 2e9) / 7.0;
        case 5:
            return std::string(random() % 40, static_cast<char>('a' + random() % 26));
        case 6:
            return json::binary({1, 2, static_cast<std::uint8_t>(random())},
                                static_cast<std::uint8_t>(random() % 3));
        case 7: {
            json list = json::array();
            for (unsigned i = random() % 5; i > 0; --i) list.push_back(random_value(random, depth + 1));
            return list;
        }
        default: {
            json map = json::object();
            for (unsigned i = random() % 5; i > 0; --i)
                map["k" + std::to_string(random() % 9)] = random_value(random, depth + 1);
            return map;
        }
    }
}

}  // namespace

TEST_CASE("msgpack reader: takes exactly what check_msgpack and nlohmann take (random and damaged bytes)") {
    std::mt19937 random(20261124);
    const MsgpackLimits limits{6, 4000, 30};
    int taken = 0, refused = 0;
    for (int round = 0; round < 6000; ++round) {
        std::vector<std::uint8_t> bytes = json::to_msgpack(random_value(random, 0));
        for (int edits = static_cast<int>(random() % 3); edits > 0 && !bytes.empty(); --edits) {
            std::size_t at = random() % bytes.size();
            switch (random() % 3) {
                case 0:
                    bytes[at] = static_cast<std::uint8_t>(random());
                    break;
                case 1:
                    bytes.resize(at);
                    break;
                default:
                    bytes.insert(bytes.begin() + static_cast<std::ptrdiff_t>(at),
                                 static_cast<std::uint8_t>(random()));
            }
        }
        CAPTURE(round);
        const bool reference = reference_takes(bytes, limits);
        CHECK(reader_takes(bytes, limits) == reference);
        (reference ? taken : refused) += 1;
    }
    CHECK(taken > 1000);
    CHECK(refused > 1000);
}

TEST_CASE("msgpack reader: the limits are check_msgpack's (depth of non-empty lists, values, string bytes)") {
    const MsgpackLimits limits{4, 10, 32};
    auto agree = [&](const json& value) {
        const std::vector<std::uint8_t> bytes = json::to_msgpack(value);
        CHECK(reader_takes(bytes, limits) == reference_takes(bytes, limits));
        return reader_takes(bytes, limits);
    };
    CHECK(agree(json::parse("[[[[1]]]]")));
    CHECK_FALSE(agree(json::parse("[[[[[1]]]]]")));
    CHECK(agree(json::parse("[[[[[]]]]]")));  // an empty list does not count
    CHECK(agree(json::parse("[1,2,3,4,5,6,7,8,9]")));
    CHECK_FALSE(agree(json::parse("[1,2,3,4,5,6,7,8,9,10]")));  // 11 values with the list
    CHECK(agree(std::string(32, 'x')));
    CHECK_FALSE(agree(std::string(33, 'x')));
    CHECK_FALSE(agree(json{{std::string(33, 'k'), 1}}));  // a key is a string too
    CHECK(agree(json::binary(std::vector<std::uint8_t>(32, 1))));
    CHECK_FALSE(agree(json::binary(std::vector<std::uint8_t>(33, 1))));
    // A map key that is not text: check_msgpack passes it, nlohmann does not.
    const std::vector<std::uint8_t> number_key{0x81, 0x01, 0x02};
    CHECK(check_msgpack(number_key.data(), number_key.size(), limits).empty());
    CHECK_FALSE(reader_takes(number_key, limits));
    // A count larger than the bytes left, a reserved byte, bytes after the value.
    CHECK_FALSE(reader_takes({0xdd, 0xff, 0xff, 0xff, 0xff, 0x01}, limits));
    CHECK_FALSE(reader_takes({0xc1}, limits));
    CHECK_FALSE(reader_takes({0x01, 0x02}, limits));
}

TEST_CASE("msgpack reader: values read like json (kinds, numbers, strings, items)") {
    const json document = {{"u", 300},       {"i", -5},         {"big", 1ull << 40}, {"f", 2.5},
                           {"s", "text"},    {"b", true},       {"n", nullptr},      {"l", {1, {2, 3}, "x"}},
                           {"neg", -100000}, {"zz_f32", json()}};
    std::vector<std::uint8_t> bytes = json::to_msgpack(document);
    // A float 32 as the last value (keys are sorted): 0xca 1.5f.
    bytes.pop_back();
    for (std::uint8_t byte : {0xca, 0x3f, 0xc0, 0x00, 0x00}) bytes.push_back(byte);
    const json parsed = json::from_msgpack(bytes);
    MsgpackReader reader(bytes.data(), bytes.size(), {});
    std::size_t entries = 0;
    REQUIRE(reader.open_map(entries, 0));
    REQUIRE(entries == parsed.size());
    for (std::size_t i = 0; i < entries; ++i) {
        std::string_view key;
        MsgpackValue value;
        REQUIRE(reader.read_key(key));
        REQUIRE(reader.read(value, 1));
        const json& expected = parsed.at(std::string(key));
        CAPTURE(key);
        CHECK(value.is_null() == expected.is_null());
        CHECK(value.is_boolean() == expected.is_boolean());
        CHECK(value.is_number() == expected.is_number());
        CHECK(value.is_number_integer() == expected.is_number_integer());
        CHECK(value.is_number_unsigned() == expected.is_number_unsigned());
        CHECK(value.is_number_float() == expected.is_number_float());
        CHECK(value.is_string() == expected.is_string());
        CHECK(value.is_array() == expected.is_array());
        CHECK(std::string(value.type_name()) == expected.type_name());
        if (expected.is_number()) {
            CHECK(value.get<double>() == expected.get<double>());
            CHECK(value.get<std::int64_t>() == expected.get<std::int64_t>());
        }
        if (expected.is_string()) CHECK(value.get_ref<const std::string&>() == expected.get<std::string>());
        if (expected.is_array()) {
            REQUIRE(value.size() == 3);
            CHECK(value[0].get<int>() == 1);
            CHECK(value[1].is_array());
            CHECK(value[1][1].get<int>() == 3);
            CHECK(value[1].following().get_ref<const std::string&>() == "x");
            CHECK(value[2].following().kind() == MsgpackValue::Kind::invalid);  // past the end
        }
    }
    CHECK(reader.at_end());
}
