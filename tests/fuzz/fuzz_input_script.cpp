// Fuzzer: the input script parser; accepted scripts are sorted, in the tick range, and name known actions.
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "engine/input.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    static constexpr std::string_view names[] = {"left", "right",     "up",       "down",
                                                 "jump", "quicksave", "quickload"};
    std::vector<qs::ScriptCommand> commands;
    std::string error;
    std::string_view text(reinterpret_cast<const char*>(data), size);
    if (!qs::parse_input_script(text, "fuzz.txt", names, commands, error)) {
        for (char c : error) {
            if (static_cast<unsigned char>(c) < 0x20 || static_cast<unsigned char>(c) >= 0x7f)
                __builtin_trap();
        }
        return 0;
    }
    for (std::size_t i = 0; i < commands.size(); ++i) {
        if (commands[i].tick < 0 || commands[i].tick > qs::max_script_tick) __builtin_trap();
        if (commands[i].action >= std::size(names)) __builtin_trap();
        if (i > 0 && commands[i - 1].tick > commands[i].tick) __builtin_trap();
    }
    return 0;
}
