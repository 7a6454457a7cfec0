// Tests for SavePool (a save is reused only once nothing else holds it; the spare is made on a second
// thread) and World::capture_into over a used snapshot (the same as a fresh capture).
#include <doctest/doctest.h>

#include <chrono>
#include <memory>
#include <set>
#include <thread>

#include "engine/worker.hpp"
#include "game/save/save_codec.hpp"
#include "game/save/save_pool.hpp"
#include "game_test_world.hpp"

TEST_CASE("save pool: a save is handed out again only once nothing else holds it, and only with room") {
    qs::Worker helper;
    qs::SavePool pool(helper, 4, 2);
    std::shared_ptr<qs::SavedGame> first = pool.acquire(10, 10);
    first->snapshot.entities.reserve(100);
    first->snapshot.layout.slots.reserve(100);
    first->snapshot.layout.free_list.reserve(60);
    pool.keep(first);
    const qs::SavedGame* first_address = first.get();
    CHECK(pool.acquire(10, 10).get() != first_address);  // `first` still holds it (the ring, say)
    first.reset();
    CHECK(pool.acquire(1000, 1000).get() != first_address);  // no room for 1000 entities
    CHECK(pool.acquire(50, 200).get() != first_address);     // nor for a slot table of 200
    CHECK(pool.acquire(50, 80).get() != first_address);      // nor for a free list as long as 80 slots
    CHECK(pool.watched() == 1);
    std::shared_ptr<qs::SavedGame> again = pool.acquire(50, 60);
    CHECK(again.get() == first_address);
    CHECK(pool.watched() == 0);
}

TEST_CASE(
    "save pool: saves let go beyond the few kept are freed on the spare's thread, never watched "
    "forever") {
    qs::Worker helper;
    qs::SavePool pool(helper, 4, 2);
    std::vector<std::shared_ptr<qs::SavedGame>> held;
    for (int i = 0; i < 3; ++i) pool.keep(std::make_shared<qs::SavedGame>());  // let go at once
    CHECK(pool.watched() == 2);                                                // max_free
    CHECK(pool.to_free() == 1);
    for (int i = 0; i < 5; ++i) {
        held.push_back(std::make_shared<qs::SavedGame>());
        pool.keep(held.back());
    }
    CHECK(pool.watched() == 4);  // max_watched: the oldest are no longer watched
    CHECK(pool.to_free() == 3);  // the two free ones dropped from the watch go to be freed too
    std::weak_ptr<qs::SavedGame> unwatched = held.front();
    held.front().reset();  // its last owner lets it go: freed there
    CHECK(unwatched.expired());
    pool.prepare(10, 10);
    CHECK(pool.to_free() == 0);  // handed to the spare's thread
}

TEST_CASE("save pool: while a spare waits unused, saves let go do not pile up to be freed") {
    qs::Worker helper;
    qs::SavePool pool(helper, 64, 2);
    pool.prepare(10, 10);
    REQUIRE(pool.has_spare());
    // F5 after F5 reuses a let-go save first, so the spare is never taken; what is let go beyond the two
    // kept must still be freed, not held until the spare is used.
    for (int i = 0; i < 1000; ++i) {
        std::shared_ptr<qs::SavedGame> save = pool.acquire(0, 0);
        pool.keep(save);
        pool.keep(std::make_shared<qs::SavedGame>());
        pool.prepare(10, 10);
        CHECK(pool.to_free() <= 2);
    }
    CHECK(pool.has_spare());
}

TEST_CASE("save pool: the spare is made on a second thread with room to grow and handed out once ready") {
    qs::Worker helper;
    qs::SavePool pool(helper);
    CHECK_FALSE(pool.has_spare());
    pool.prepare(1000, 3000);
    CHECK(pool.has_spare());
    pool.prepare(5, 5);  // one is being made already: no second one
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(30);
    while (!pool.spare_ready() && std::chrono::steady_clock::now() < deadline)
        std::this_thread::sleep_for(std::chrono::milliseconds(1));
    REQUIRE(pool.spare_ready());
    std::shared_ptr<qs::SavedGame> spare = pool.acquire(1000, 3000);
    CHECK(spare->snapshot.entities.capacity() >= 1000 + 1000 / 8);
    // Room for the slot table and a free list of every slot: the capture allocates nothing.
    CHECK(spare->snapshot.layout.slots.capacity() >= 3000 + 3000 / 8);
    CHECK(spare->snapshot.layout.free_list.capacity() >= 3000 + 3000 / 8);
    CHECK_FALSE(pool.has_spare());
}

TEST_CASE("save pool: a spare still being made is waited for, not replaced by a fresh save") {
    qs::Worker helper;
    qs::SavePool pool(helper);
    pool.prepare(5000, 5000);
    // Taken at once, before the helper may have finished it: the F5 gets the spare's present pages.
    std::shared_ptr<qs::SavedGame> spare = pool.acquire(5000, 5000);
    CHECK(spare->snapshot.entities.capacity() >= qs::SavePool::room_for(5000));
    CHECK(spare->snapshot.layout.slots.capacity() >= qs::SavePool::room_for(5000));
    CHECK_FALSE(pool.has_spare());
}

TEST_CASE("save pool: periodic keyframes cycle through two saves, with one ready and no spare beside it") {
    // As PlaySession's periodic rebuilds use it: capture into a pool save, the rewind buffer takes it as
    // its newest keyframe and lets go of the one before, the pool watches it and prepares the next. With
    // max_free 1 (the session keeps 2, a second save for an F5 while a keyframe's encoding holds one).
    qs::Worker helper;
    qs::SavePool pool(helper, 64, 1);
    pool.prepare(1000, 1000);
    std::shared_ptr<qs::SavedGame> newest;
    std::set<const qs::SavedGame*> used;
    for (int i = 0; i < 50; ++i) {
        std::shared_ptr<qs::SavedGame> save = pool.acquire(1000, 1000);
        save->snapshot.entities.resize(1000);  // as a capture fills it
        used.insert(save.get());
        newest = save;  // the keyframe before is let go
        pool.keep(std::move(save));
        pool.prepare(1000, 1000);
        if (i > 0) {
            CHECK(pool.ready_saves() == 1);  // the one let go: no whole spare made beside it
            CHECK_FALSE(pool.has_spare());
        }
    }
    CHECK(used.size() == 2);
    // An F5 whose save the ring keeps: the one ready is taken and nothing let go replaces it, so a spare
    // is made for the next capture.
    std::shared_ptr<qs::SavedGame> ring = pool.acquire(1000, 1000);
    pool.keep(ring);
    pool.prepare(1000, 1000);
    CHECK(pool.has_spare());
    CHECK(pool.ready_saves() == 1);
    // A restart lets go of every keyframe at once: one is kept ready, the rest freed.
    newest.reset();
    ring.reset();
    pool.prepare(1000, 1000);
    CHECK(pool.ready_saves() == 1);
}

TEST_CASE("capture_into over a used, larger snapshot gives exactly what a fresh capture gives") {
    auto bigger = qs::test::make_world({
        "P.c.c.c.w.d.s.m.t.k.c.c.c.c.g",
        "##############################",
    });
    auto smaller = qs::test::make_world({
        "P.c.w.c.t.c.",
        "############",
    });
    // A free slot in the smaller world, so the free list is exported too.
    smaller->entities.erase(smaller->entities.key_at_dense(2));
    qs::SavedGame reused;
    bigger->capture_into(reused.snapshot);
    REQUIRE(reused.snapshot.entities.size() > smaller->entities.size());
    smaller->capture_into(reused.snapshot);
    qs::SavedGame fresh;
    fresh.snapshot = smaller->capture();
    CHECK(reused.snapshot.layout == fresh.snapshot.layout);
    CHECK_FALSE(fresh.snapshot.layout.free_list.empty());
    // Its free list has room for every slot: a later capture with more slots free allocates nothing.
    CHECK(fresh.snapshot.layout.free_list.capacity() >= smaller->entities.slot_count());
    CHECK(reused.snapshot.entities.size() == fresh.snapshot.entities.size());
    CHECK(qs::encode_save_body(reused) == qs::encode_save_body(fresh));
}

TEST_CASE("save pool: a save made on the spot has a spare's room") {
    // No spare, nothing let go: acquire() makes one, with the room a spare has (its pages made present),
    // so that once let go it also serves a world grown by a few shots.
    qs::Worker helper;
    qs::SavePool pool(helper);
    std::shared_ptr<qs::SavedGame> save = pool.acquire(5000, 6000);
    CHECK(save->snapshot.entities.capacity() >= qs::SavePool::room_for(5000));
    CHECK(save->snapshot.layout.slots.capacity() >= qs::SavePool::room_for(6000));
    CHECK(save->snapshot.layout.free_list.capacity() >= qs::SavePool::room_for(6000));
    CHECK(pool.made() == 1);
}
