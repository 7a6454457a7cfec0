// A scratch folder for tests: made fresh under the system temp dir, removed with everything in it when the
// test ends. The one temp-folder helper of the unit tests.
#pragma once

#include <stdlib.h>

#include <filesystem>
#include <string>
#include <system_error>

#include <doctest/doctest.h>

namespace qs::test {

class ScratchDir {
   public:
    /// `prefix` names the folder (e.g. "qs_level_test") so a leftover one says which test made it.
    explicit ScratchDir(const std::string& prefix = "qs_test") {
        std::string pattern = (std::filesystem::temp_directory_path() / (prefix + "_XXXXXX")).string();
        REQUIRE(mkdtemp(pattern.data()) != nullptr);
        path_ = pattern;
    }
    ~ScratchDir() {
        std::error_code ec;
        std::filesystem::remove_all(path_, ec);
    }
    ScratchDir(const ScratchDir&) = delete;
    ScratchDir& operator=(const ScratchDir&) = delete;
    const std::filesystem::path& path() const { return path_; }

   private:
    std::filesystem::path path_;
};

}  // namespace qs::test
