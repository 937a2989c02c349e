// Comparisons whose outcome the values decide: `x == "1"`, `mode not in
// ("0", "false")`. A flag computed from a setting's default
// (verify = os.getenv("VERIFY", "0") == "1") is then False on one path
// instead of unknown, so what it switches (TLS verification, a debug
// server) is judged by its default.
#pragma once
#include <string_view>

#include "assess/value.hpp"

namespace mai::assess {

// `l OP r` for OP one of == != in "not in" is "is not": a boolean per pair
// of known alternatives, unknown where either side is not a known constant
// (or a closed collection of them, for in). Wholly unknown (no alternatives)
// when no pair is decided. Carries no taint: a yes/no is not the data.
Value compare_values(std::string_view op, const Value& l, const Value& r);

}  // namespace mai::assess
