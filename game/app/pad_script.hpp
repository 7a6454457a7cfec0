// --pad-script: a virtual gamepad (SDL's virtual game controller) plugged, pushed and unplugged by a script
// of frame-numbered lines, so tests drive the game's real input path (SDL events, InputEvents, the menus,
// the play loop) in a window without a device.
//
//   # frame command [args]
//   10 attach                 plug in the virtual gamepad ("Quickstep virtual pad")
//   20 press dpdown           a button down (names as in settings.json: a b x y back start leftshoulder
//   21 release dpdown         rightshoulder dpup dpdown dpleft dpright ..., lefttrigger righttrigger)
//   30 axis leftx 32767       an axis: leftx lefty rightx righty -32768..32767, the triggers 0..32767
//   90 detach                 unplug it
#pragma once

#include <cstdint>
#include <filesystem>
#include <string>
#include <vector>

#include <SDL.h>

namespace qs {

class PadScript {
   public:
    PadScript() = default;
    PadScript(const PadScript&) = delete;
    PadScript& operator=(const PadScript&) = delete;
    ~PadScript();

    /// Reads the script; false with "FILE:LINE: what" in `error` for a bad line.
    bool load(const std::filesystem::path& file, std::string& error);
    /// Parses script text (frames must not go down); false with "LINE: what" in `error`.
    bool parse(const std::string& text, std::string& error);
    /// Carries out the lines of `frame` (and any earlier ones not done yet). Needs SDL's game controller
    /// subsystem; the resulting SDL events arrive with the next poll.
    void apply(std::int64_t frame);
    /// The frame of the last line (-1 for an empty script).
    std::int64_t last_frame() const { return lines_.empty() ? -1 : lines_.back().frame; }
    bool attached() const { return joystick_ != nullptr; }

   private:
    struct Line {
        enum class Kind { attach, detach, press, release, axis } kind;
        std::int64_t frame = 0;
        int index = 0;  ///< button or axis
        int value = 0;  ///< axis value as the game sees it
    };
    void attach();
    void detach();
    void set_button(int button, bool down);
    void set_axis(int axis, int value);

    std::vector<Line> lines_;
    std::size_t next_ = 0;
    SDL_Joystick* joystick_ = nullptr;  ///< our handle on the virtual device while it is plugged in
};

}  // namespace qs
