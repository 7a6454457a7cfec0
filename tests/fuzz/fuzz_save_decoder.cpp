// Fuzzer: the save decoder, then a restore into a small level and a few ticks. The input is a save body
// (MessagePack) wrapped here with a valid header and checksum, so the fuzzer reaches the decoder itself;
// an input starting with "QSTEPSAV" is decoded as a whole file instead. The direct body reader
// (read_save_body_direct) is checked against the DOM reference on every input.
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <stdexcept>
#include <string>
#include <vector>

#include "game/save/save_codec.hpp"
#include "game/save/state_dump.hpp"
#include "game_test_world.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    std::vector<std::uint8_t> bytes(data, data + size);
    if (size < 8 || std::memcmp(data, qs::quickstep_saves.magic.data(), 8) != 0)
        bytes = qs::wrap_save_body(qs::quickstep_saves, bytes, qs::save_format_version, "test_map", 7);
    std::string error;
    auto save = qs::decode_save_file(bytes, error);
    // The direct reader takes nothing the DOM reference refuses, and reads what it takes the same way.
    if (auto body = qs::unwrap_save_file(bytes, qs::save_format_version, error)) {
        std::string reference_error;
        auto reference = qs::decode_save_body_reference(*body, reference_error);
        auto direct = qs::read_save_body_direct(*body);
        if (reference.has_value() != save.has_value()) __builtin_trap();
        if (direct && (!reference || qs::encode_save_body(*direct) != qs::encode_save_body(*reference) ||
                       direct->tick != reference->tick || direct->sequence != reference->sequence))
            __builtin_trap();
    }
    if (!save) {
        if (error.empty()) __builtin_trap();
        return 0;
    }
    // A save that decodes must restore and run (ranges keep Box2D and int conversions safe).
    auto world = qs::test::make_world({
        "..........==....",
        "P.c.w.d.s.m.t.k.",
        "######^^~~######",
    });
    try {
        world->restore(save->snapshot);
    } catch (const std::invalid_argument&) {
        __builtin_trap();  // decode_save_file checks the layout: restore must accept it
    }
    qs::test::Driver driver{*world};
    for (int tick = 0; tick < 8; ++tick)
        driver.tick({(save->tick & (1 << tick)) ? qs::Action::right : qs::Action::jump});
    (void)qs::dump_state(*world, save->tick).dump();  // every string in it must be valid UTF-8
    return 0;
}
