// Reading the movement numbers from assets/tuning.json through Tuning's field list.
#include "game/sim/tuning.hpp"

#include <algorithm>

#include "engine/json_file.hpp"
#include "game/sim/field_json.hpp"

namespace qs {

Tuning load_tuning(const std::filesystem::path& path, std::vector<std::string>& problems) {
    Tuning tuning;
    std::error_code ec;
    if (!std::filesystem::exists(path, ec)) return tuning;
    JsonLoad doc = load_json_file(path, 1 << 20, 8);
    if (!doc.value || !doc.value->is_object()) {
        problems.push_back(doc.value ? path.string() + ": must be a JSON object" : doc.error);
        return tuning;
    }
    std::vector<std::string> known;
    auto reader = [&]<class T>(const char* name, T& value, FieldSpec spec = {}) {
        known.emplace_back(name);
        if (!doc.value->contains(name)) return;
        std::string problem = field_from_json(doc.value->at(name), name, value, spec);
        if (!problem.empty()) problems.push_back(path.string() + ": " + problem);
    };
    tuning.fields(reader);
    for (const auto& [key, value] : doc.value->items()) {
        if (!key.empty() && key.front() != '_' && std::find(known.begin(), known.end(), key) == known.end()) {
            problems.push_back(path.string() + ": unknown key '" + key + "'");
        }
    }
    return tuning;
}

}  // namespace qs
