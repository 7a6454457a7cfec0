// Tests for qs::SlotMap (engine/slot_map.hpp): a randomized model test against a plain reference model,
// plus focused cases for reuse order, stale keys, retirement, layout round trips, copies and validation.
// In a sanitizer build the model tests take a fifth of their steps (test_sizing.hpp): every operation
// kind still runs thousands of times.
#include "engine/slot_map.hpp"

#include "test_sizing.hpp"

#include <cstdint>
#include <deque>
#include <memory>
#include <optional>
#include <random>
#include <stdexcept>
#include <string>
#include <utility>
#include <variant>
#include <vector>

#include <doctest/doctest.h>

namespace {

struct Coin {
    int value = 0;
    bool operator==(const Coin&) const = default;
};
struct Walker {
    std::string name;  // a non-trivial member, so swap-and-pop really moves something
    int hp = 0;
    bool operator==(const Walker&) const = default;
};
using Value = std::variant<Coin, Walker>;
using Map = qs::SlotMap<Value>;
using Key = Map::Key;
using Layout = Map::Layout;

Value make_value(int n) {
    if (n % 3 == 0) return Walker{"walker" + std::to_string(n), n};
    return Coin{n};
}

// The reference: the rules of slot_map.hpp (FIFO reuse only above min_free free slots, a worn-out slot
// retired) written as plainly as possible.
struct Model {
    std::uint32_t min_free;
    std::uint32_t max_generation;
    std::vector<std::optional<Value>> values;  // by slot index; empty = dead
    std::vector<std::uint32_t> generations;    // by slot index
    std::deque<std::uint32_t> free;            // front is reused first

    bool live(Key k) const {
        return k.index < generations.size() && values[k.index].has_value() &&
               generations[k.index] == k.generation;
    }
    std::size_t size() const {
        std::size_t n = 0;
        for (const auto& v : values) n += v.has_value();
        return n;
    }
    Key insert(const Value& v) {
        std::uint32_t i;
        if (free.size() > min_free) {
            i = free.front();
            free.pop_front();
        } else {
            i = static_cast<std::uint32_t>(generations.size());
            generations.push_back(1);
            values.emplace_back();
        }
        values[i] = v;
        return Key{i, generations[i]};
    }
    bool erase(Key k) {
        if (!live(k)) return false;
        values[k.index].reset();
        generations[k.index] += 1;
        if (generations[k.index] != max_generation) free.push_back(k.index);  // else retired
        return true;
    }
    void clear() {
        for (std::uint32_t i = 0; i < values.size(); ++i)
            if (values[i]) erase(Key{i, generations[i]});
    }
    Layout layout() const {
        Layout l;
        for (std::size_t i = 0; i < values.size(); ++i)
            l.slots.push_back({generations[i], values[i].has_value()});
        l.free_list.assign(free.begin(), free.end());
        return l;
    }
};

std::string describe(Key k) {
    return "{" + std::to_string(k.index) + "," + std::to_string(k.generation) + "}";
}

// Compares everything observable; returns the first difference, or "" if none.
std::string compare(const Map& map, const Model& model) {
    const std::size_t n = model.size();
    if (map.size() != n) return "size " + std::to_string(map.size()) + " != " + std::to_string(n);
    if (map.empty() != (n == 0)) return "empty() wrong";
    if (map.slot_count() != model.generations.size()) return "slot_count wrong";
    if (map.free_count() != model.free.size()) return "free_count wrong";
    if (map.export_layout() != model.layout()) return "layout differs";
    {
        const auto layout = model.layout();
        if (map.export_free_list() != layout.free_list) return "export_free_list differs";
        for (std::uint32_t i = 0; i < layout.slots.size(); ++i) {
            if (!(map.slot_state(i) == layout.slots[i]))
                return "slot_state(" + std::to_string(i) + ") differs";
        }
    }
    for (std::uint32_t i = 0; i < model.generations.size(); ++i) {
        const std::uint32_t g = model.generations[i];
        const Key current{i, g};
        if (model.values[i]) {
            const Value* v = map.get(current);
            if (!v || !map.contains(current)) return "live key " + describe(current) + " not found";
            if (!(*v == *model.values[i])) return "value of " + describe(current) + " differs";
        } else if (map.contains(current) || map.get(current)) {
            return "dead slot " + describe(current) + " found";
        }
        if (map.contains(Key{i, g - 1}) || map.contains(Key{i, g + 1})) return "wrong generation accepted";
    }
    // Dense views: every live key exactly once, with its value, and all views agree.
    std::vector<bool> seen(model.generations.size(), false);
    std::size_t visited = 0;
    std::string error;
    map.for_each([&](Key k, const Value& v) {
        if (!error.empty()) return;
        if (!model.live(k))
            error = "for_each visits dead key " + describe(k);
        else if (seen[k.index])
            error = "for_each visits " + describe(k) + " twice";
        else if (!(v == *model.values[k.index]))
            error = "for_each value differs";
        else if (!(map.key_at_dense(visited) == k) || &map.value_at_dense(visited) != &v)
            error = "key_at_dense/value_at_dense disagree with for_each";
        else
            seen[k.index] = true;
        ++visited;
    });
    if (!error.empty()) return error;
    if (visited != n) return "for_each visited " + std::to_string(visited);
    if (static_cast<std::size_t>(map.end() - map.begin()) != n) return "begin..end has the wrong length";
    return "";
}

// Runs `steps` random operations on a SlotMap and the model, comparing after every step.
void run_model_test(std::uint32_t min_free, std::uint32_t max_generation, int steps, std::uint32_t seed) {
    std::mt19937 rng(seed);  // fixed seed; only rng() % n is used, so results match on every platform
    auto roll = [&](std::uint32_t n) { return static_cast<std::uint32_t>(rng() % n); };
    Map map(min_free, max_generation);
    Model model{min_free, max_generation, {}, {}, {}};
    std::vector<Key> issued;  // every key ever handed out, to try again once stale
    int next_value = 0;
    std::uint32_t target = 50;
    int imports = 0, copies = 0, stale_rejected = 0;

    for (int step = 0; step < steps; ++step) {
        if (step % 1500 == 0) target = roll(300);
        const std::uint32_t op = roll(1000);
        std::string what;
        if (op < 450) {  // insert, more often while below the target size
            if (map.size() < target || roll(3) == 0) {
                const Value v = make_value(next_value++);
                const Key expected = model.insert(v);
                const Key got = (op % 2 == 0) ? map.insert(v) : map.emplace(v);
                what = "insert " + describe(got);
                REQUIRE_MESSAGE(got == expected, "step ", step, ": got ", describe(got), " want ",
                                describe(expected));
                issued.push_back(got);
            }
        } else if (op < 800) {  // erase a live key
            std::vector<std::uint32_t> live;
            for (std::uint32_t i = 0; i < model.values.size(); ++i)
                if (model.values[i]) live.push_back(i);
            if (!live.empty()) {
                const std::uint32_t i = live[roll(static_cast<std::uint32_t>(live.size()))];
                const Key k{i, model.generations[i]};
                what = "erase " + describe(k);
                REQUIRE(model.erase(k));
                REQUIRE_MESSAGE(map.erase(k), "step ", step, ": ", what);
            }
        } else if (op < 880) {  // erase an issued key, usually stale by now
            if (!issued.empty()) {
                const Key k = issued[roll(static_cast<std::uint32_t>(issued.size()))];
                const bool expected = model.erase(k);
                what = "erase issued " + describe(k);
                REQUIRE_MESSAGE(map.erase(k) == expected, "step ", step, ": ", what);
                stale_rejected += !expected;
            }
        } else if (op < 940) {  // get / erase garbage or stale keys (null, out of range, wrong generation)
            const Key k{roll(static_cast<std::uint32_t>(model.generations.size()) + 3), roll(4)};
            const bool expected = model.live(k);
            what = "probe " + describe(k);
            REQUIRE_MESSAGE((map.get(k) != nullptr) == expected, "step ", step, ": ", what);
            REQUIRE((std::as_const(map).get(k) != nullptr) == expected);
            if (roll(2) == 0) REQUIRE(map.erase(k) == model.erase(k));
        } else if (op < 965) {  // copy: construct, assign over a non-empty map, continue with the copy
            ++copies;
            Map copy(map);
            REQUIRE(copy.export_layout() == map.export_layout());
            Map other(min_free, max_generation);
            other.insert(make_value(-1));
            other = copy;
            if (roll(2) == 0)
                map = std::move(other);
            else
                map = other;
            what = "copy";
        } else if (op < 990) {  // export + import into a fresh map, continue with that one
            ++imports;
            Map fresh(min_free, max_generation);
            std::uint32_t last_index = 0;
            bool first = true, ordered = true;
            fresh.import_layout(map.export_layout(), [&](Key k) {
                ordered = ordered && (first || k.index > last_index);
                first = false;
                last_index = k.index;
                return *model.values.at(k.index);
            });
            REQUIRE(ordered);
            for (std::size_t d = 0; d + 1 < fresh.size(); ++d)
                REQUIRE(fresh.key_at_dense(d).index < fresh.key_at_dense(d + 1).index);
            map = std::move(fresh);
            what = "import";
        } else if (op < 992) {
            model.clear();
            map.clear();
            what = "clear";
        }
        const std::string diff = compare(map, model);
        REQUIRE_MESSAGE(diff.empty(), "step ", step, " after ", what, ": ", diff);
    }
    CHECK(imports > 0);
    CHECK(copies > 0);
    CHECK(stale_rejected > 0);
    MESSAGE("steps ", steps, ", slots ", map.slot_count(), ", size ", map.size(), ", free ",
            map.free_count());
}

std::size_t retired_count(const Layout& l, std::uint32_t max_generation) {
    std::size_t n = 0;
    for (const auto& s : l.slots) n += !s.alive && s.generation == max_generation;
    return n;
}

}  // namespace

TEST_CASE("SlotMap model test: default settings, 100000 random operations") {
    run_model_test(4, 0xFFFFFFFFu, qs::test::sized(100000, 20000), 20240611u);
}

TEST_CASE("SlotMap model test: reuse at once, small max_generation (retirement)") {
    run_model_test(0, 3, qs::test::sized(20000, 4000), 7u);
    run_model_test(1, 6, qs::test::sized(30000, 6000), 12345u);
}

TEST_CASE("SlotMap first key, FIFO free list and the reuse threshold") {
    Map map;  // min_free_before_reuse = 4
    std::vector<Key> keys;
    for (int i = 0; i < 5; ++i) keys.push_back(map.insert(Coin{i}));
    CHECK(keys[0] == Key{0, 1});
    CHECK(keys[4] == Key{4, 1});
    for (const Key& k : keys) CHECK(map.erase(k));
    CHECK(map.export_layout().free_list == std::vector<std::uint32_t>{0, 1, 2, 3, 4});
    CHECK(map.export_layout().slots[2] == Map::SlotState{2, false});  // next occupant's generation

    // 5 free > 4: the 1st insert after 5 erases reuses the front; then 4 free, not > 4: append.
    CHECK(map.insert(Coin{10}) == Key{0, 2});
    CHECK(map.insert(Coin{11}) == Key{5, 1});
    CHECK(map.insert(Coin{12}) == Key{6, 1});
    CHECK(map.erase(Key{5, 1}));  // 5 free again: [1, 2, 3, 4, 5]
    CHECK(map.insert(Coin{13}) == Key{1, 2});
    CHECK(map.export_layout().free_list == std::vector<std::uint32_t>{2, 3, 4, 5});
    CHECK(map.size() == 3);
    CHECK(map.slot_count() == 7);

    Map eager(0);  // reuse as soon as one slot is free
    const Key a = eager.insert(Coin{1});
    eager.erase(a);
    CHECK(eager.insert(Coin{2}) == Key{0, 2});
}

TEST_CASE("SlotMap rejects stale keys") {
    Map map(0);
    const Key a = map.insert(Coin{1});
    const Key b = map.insert(Walker{"b", 2});
    CHECK_FALSE(map.contains(Key{}));
    CHECK_FALSE(Key{});
    CHECK(static_cast<bool>(a));
    CHECK(map.get(Key{}) == nullptr);
    CHECK_FALSE(map.erase(Key{}));
    CHECK_FALSE(map.contains(Key{0, 0}));
    CHECK_FALSE(map.contains(Key{2, 1}));  // out of range
    CHECK_FALSE(map.contains(Key{0xFFFFFFFFu, 1}));
    CHECK_FALSE(map.contains(Key{a.index, a.generation + 1}));  // future generation

    CHECK(map.erase(a));
    CHECK_FALSE(map.contains(a));  // after erase
    CHECK(map.get(a) == nullptr);
    CHECK_FALSE(map.erase(a));  // twice
    const Key c = map.insert(Coin{3});
    CHECK(c.index == a.index);  // reused ...
    CHECK(c.generation == a.generation + 1);
    CHECK_FALSE(map.contains(a));  // ... the old key stays stale
    CHECK_FALSE(map.erase(a));
    CHECK(std::get<Coin>(*map.get(c)).value == 3);
    CHECK(std::get<Walker>(*map.get(b)).name == "b");  // b moved in dense storage, still found
    CHECK(map.size() == 2);
}

TEST_CASE("SlotMap retires worn-out slots") {
    Map map(0, 3);  // live generations 1 and 2; 3 marks a retired slot
    Key k = map.insert(Coin{1});
    CHECK(k == Key{0, 1});
    map.erase(k);
    k = map.insert(Coin{2});
    CHECK(k == Key{0, 2});
    map.erase(k);  // generation would reach 3: retired
    Layout l = map.export_layout();
    CHECK(l.slots == std::vector<Map::SlotState>{{3, false}});
    CHECK(l.free_list.empty());
    CHECK(map.free_count() == 0);
    CHECK_FALSE(Map::validate_layout(l, 3));

    // Never reused, even with reuse at once: every new key gets a new slot while slot 0 stays retired.
    for (int round = 0; round < 10; ++round) {
        const Key n = map.insert(Coin{round});
        CHECK(n.index != 0);
        map.erase(n);
    }
    l = map.export_layout();
    CHECK(l.slots[0] == Map::SlotState{3, false});
    CHECK(retired_count(l, 3) == 6);  // slots 0..5 each lived twice
    CHECK(map.slot_count() == 6);
    for (std::uint32_t g = 0; g < 5; ++g) CHECK_FALSE(map.contains(Key{0, g}));
    CHECK_FALSE(Map::validate_layout(l, 3));

    // clear() retires too.
    Map two(0, 2);  // each slot lives once
    two.insert(Coin{1});
    two.insert(Coin{2});
    two.clear();
    CHECK(two.export_layout() == Layout{{{2, false}, {2, false}}, {}});
    CHECK(two.insert(Coin{3}) == Key{2, 1});

    CHECK_THROWS_AS(Map(0, 1), std::invalid_argument);
}

TEST_CASE("SlotMap clear erases in index order") {
    Map map(2);
    std::vector<Key> keys;
    for (int i = 0; i < 6; ++i) keys.push_back(map.insert(Coin{i}));
    map.erase(keys[4]);
    map.erase(keys[1]);  // dense order is now scrambled
    map.clear();
    CHECK(map.empty());
    CHECK(map.slot_count() == 6);
    const Layout l = map.export_layout();
    CHECK(l.free_list == std::vector<std::uint32_t>{4, 1, 0, 2, 3, 5});
    for (const auto& s : l.slots) CHECK(s == Map::SlotState{2, false});
    for (const Key& k : keys) CHECK_FALSE(map.contains(k));
    CHECK(map.insert(Coin{9}) == Key{4, 2});
}

TEST_CASE("SlotMap layout round trip: imported map continues exactly like the original") {
    std::mt19937 rng(99);
    Map original(3);
    std::vector<Key> keys;
    for (int i = 0; i < 400; ++i) {
        if (keys.empty() || rng() % 3 != 0) {
            keys.push_back(original.insert(make_value(i)));
        } else {
            const std::size_t j = rng() % keys.size();
            original.erase(keys[j]);
            keys[j] = keys.back();
            keys.pop_back();
        }
    }
    const Layout layout = original.export_layout();
    REQUIRE_FALSE(Map::validate_layout(layout));
    REQUIRE(layout.free_list.size() > 3);

    Map restored(3);
    restored.insert(Coin{-1});  // import replaces whatever was there
    restored.import_layout(layout, [&](Key k) { return *original.get(k); });
    CHECK(restored.export_layout() == layout);
    CHECK(restored.size() == original.size());
    for (std::size_t d = 0; d < restored.size(); ++d) {
        const Key k = restored.key_at_dense(d);
        CHECK(*restored.get(k) == *original.get(k));
        if (d > 0) CHECK(restored.key_at_dense(d - 1).index < k.index);  // dense order == index order
    }

    Map copied = original;  // a copy must keep the free list order too
    CHECK(copied.export_layout() == layout);
    Map assigned(3);
    assigned = original;
    CHECK(assigned.export_layout() == layout);

    // The same further operations (chosen by key, never by dense position) give the same keys.
    for (int i = 0; i < 2000; ++i) {
        if (keys.empty() || rng() % 2 == 0) {
            const Key k = original.insert(make_value(i));
            REQUIRE(restored.insert(make_value(i)) == k);
            REQUIRE(copied.insert(make_value(i)) == k);
            REQUIRE(assigned.insert(make_value(i)) == k);
            keys.push_back(k);
        } else {
            const std::size_t j = rng() % keys.size();
            REQUIRE(original.erase(keys[j]));
            REQUIRE(restored.erase(keys[j]));
            REQUIRE(copied.erase(keys[j]));
            REQUIRE(assigned.erase(keys[j]));
            keys[j] = keys.back();
            keys.pop_back();
        }
    }
    const Layout end = original.export_layout();
    CHECK(restored.export_layout() == end);
    CHECK(copied.export_layout() == end);
    CHECK(assigned.export_layout() == end);
    for (const Key& k : keys) {
        CHECK(*restored.get(k) == *original.get(k));
        CHECK(*copied.get(k) == *original.get(k));
    }
}

TEST_CASE("SlotMap validate_layout rejects corrupt layouts") {
    // slots 0 alive, 1 dead, 2 alive, 3 dead, 4 retired (max_generation 9)
    const Layout good{{{1, true}, {2, false}, {5, true}, {3, false}, {9, false}}, {3, 1}};
    REQUIRE_FALSE(Map::validate_layout(good, 9));
    CHECK(Map::validate_layout(good, 10));  // with max 10, slot 4 is a dead slot missing from the free list

    auto rejects = [](Layout l, const char* expect_part) {
        const auto error = Map::validate_layout(l, 9);
        REQUIRE(error);
        CHECK_MESSAGE(error->find(expect_part) != std::string::npos, *error);
        Map map(4, 9);
        const Key k = map.insert(Coin{7});
        const Layout before = map.export_layout();
        CHECK_THROWS_AS(map.import_layout(l, [](Key) { return Value{Coin{0}}; }), std::invalid_argument);
        CHECK(map.export_layout() == before);  // unchanged
        CHECK(map.get(k) != nullptr);
    };
    Layout l = good;
    l.free_list = {3, 1, 3};
    rejects(l, "duplicate");
    l = good;
    l.free_list = {3, 1, 0};
    rejects(l, "alive");
    l = good;
    l.free_list = {3};
    rejects(l, "missing");
    l = good;
    l.free_list = {3, 1, 4};
    rejects(l, "retired");
    l = good;
    l.free_list = {3, 1, 5};
    rejects(l, "out of range");
    l = good;
    l.slots[0].generation = 0;
    rejects(l, "generation 0");
    l = good;
    l.slots[1].generation = 0;
    rejects(l, "generation 0");
    l = good;
    l.slots[2].generation = 9;
    rejects(l, "retired generation");
    l = good;
    l.slots[3].generation = 10;
    rejects(l, "above max_generation");

    CHECK_FALSE(Map::validate_layout(Layout{}));
    CHECK(Map::validate_layout(Layout{}, 1));
}

TEST_CASE("SlotMap import calls make_value in index order and keeps the map on a throw") {
    const Layout layout{{{4, false}, {2, true}, {1, true}, {7, true}}, {0}};
    Map map(0);
    std::vector<Key> made;
    map.import_layout(layout, [&](Key k) {
        made.push_back(k);
        return Value{Coin{static_cast<int>(k.index)}};
    });
    CHECK(made == std::vector<Key>{{1, 2}, {2, 1}, {3, 7}});
    CHECK(map.key_at_dense(0) == Key{1, 2});
    CHECK(std::get<Coin>(map.value_at_dense(2)).value == 3);
    CHECK(map.insert(Coin{0}) == Key{0, 4});  // min_free 0: the free slot is reused at its generation

    const Layout before = map.export_layout();
    CHECK_THROWS_AS(map.import_layout(layout,
                                      [](Key k) -> Value {
                                          if (k.index == 3) throw std::runtime_error("no");
                                          return Coin{};
                                      }),
                    std::runtime_error);
    CHECK(map.export_layout() == before);
    CHECK(map.size() == 4);
}

TEST_CASE("SlotMap dense iteration, for_each and erase swap") {
    Map map;
    std::vector<Key> keys;
    for (int i = 0; i < 5; ++i) keys.push_back(map.insert(Coin{i}));
    map.erase(keys[1]);  // the last value (4) moves into dense position 1
    CHECK(map.key_at_dense(1) == keys[4]);
    CHECK(std::get<Coin>(map.value_at_dense(1)).value == 4);
    int sum = 0;
    for (Value& v : map) sum += std::get<Coin>(v).value;
    CHECK(sum == 0 + 2 + 3 + 4);
    map.for_each([](Key k, Value& v) { std::get<Coin>(v).value += static_cast<int>(k.index) * 100; });
    CHECK(std::get<Coin>(*map.get(keys[3])).value == 303);
    const Map& cmap = map;
    int count = 0;
    cmap.for_each([&](Key, const Value&) { ++count; });
    for (const Value& v : cmap) count += std::holds_alternative<Coin>(v);
    CHECK(count == 8);
}

TEST_CASE("SlotMap holds move-only values and moves cleanly") {
    using PtrMap = qs::SlotMap<std::unique_ptr<int>>;
    PtrMap map(0);
    const auto a = map.insert(std::make_unique<int>(1));
    const auto b = map.emplace(new int(2));
    const auto c = map.insert(std::make_unique<int>(3));
    CHECK(map.erase(a));
    CHECK(**map.get(b) == 2);
    CHECK(**map.get(c) == 3);
    map.import_layout(map.export_layout(),
                      [](auto k) { return std::make_unique<int>(static_cast<int>(k.index)); });
    CHECK(**map.get(c) == 2);

    PtrMap moved(std::move(map));
    CHECK(moved.size() == 2);
    CHECK(moved.free_count() == 1);
    CHECK(map.size() == 0);  // NOLINT(bugprone-use-after-move): the moved-from map is empty and usable
    CHECK(map.slot_count() == 0);
    CHECK(map.export_layout() == PtrMap::Layout{});
    CHECK(map.insert(std::make_unique<int>(5)) == PtrMap::Key{0, 1});
    map = std::move(moved);
    CHECK(map.free_count() == 1);
    CHECK(**map.get(b) == 1);
}
