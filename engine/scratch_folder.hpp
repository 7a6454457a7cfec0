// A scratch folder: a fresh, private folder (mode 0700) under the system's temporary directory, removed
// with everything in it when the ScratchFolder goes (a replay's quicksaves are made there, never among the
// player's own; a level package is unpacked there to be read).
#pragma once

#include <filesystem>
#include <string>
#include <system_error>

#include <stdlib.h>

namespace qs {

class ScratchFolder {
   public:
    /// Makes `<tmp>/<prefix>XXXXXX`; ok() is false when it could not be made.
    explicit ScratchFolder(const std::string& prefix) {
        std::string pattern = (std::filesystem::temp_directory_path() / (prefix + "XXXXXX")).string();
        if (mkdtemp(pattern.data())) path_ = pattern;
    }
    ~ScratchFolder() {
        std::error_code ec;
        if (!path_.empty()) std::filesystem::remove_all(path_, ec);
    }
    ScratchFolder(const ScratchFolder&) = delete;
    ScratchFolder& operator=(const ScratchFolder&) = delete;

    bool ok() const { return !path_.empty(); }
    const std::filesystem::path& path() const { return path_; }

   private:
    std::filesystem::path path_;
};

}  // namespace qs
