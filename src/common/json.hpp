// The project's JSON type (nlohmann), in one place.
#pragma once
#include <nlohmann/json.hpp>

namespace mai {
using json = nlohmann::json;
using ordered_json = nlohmann::ordered_json;
}  // namespace mai
