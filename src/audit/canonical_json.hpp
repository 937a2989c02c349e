// Canonical JSON, the byte encoding that is hashed and signed (see
// docs/audit-format.md, "Canonical encoding"): UTF-8, object keys sorted by
// their UTF-8 bytes, no insignificant whitespace, integers only, minimal
// string escapes.
#pragma once
#include <string>
#include <string_view>

#include "common/json.hpp"

namespace mai::audit {

// What to do with a non-integer number: refuse it (records may not hold
// one), or write it as a string holding its shortest round-trip decimal
// form ("0.5"; 1.0 becomes "1.0"), as events that carry floats are recorded.
// Arrays and objects nest at most this deep (the top-level object is level
// 1): the encoder refuses deeper values, so that what it writes can always be
// read back, and readers of stored bytes never recurse without bound.
inline constexpr int kMaxJsonDepth = 1000;

enum class Floats { refuse, as_strings };

// Throws AuditError on a float (Floats::refuse), on a string or key that
// is not valid UTF-8, or on nesting deeper than kMaxJsonDepth, naming where
// it is ("data.stdout: ...").
std::string canonical_json(const json& value, Floats floats = Floats::refuse);

// Appends the canonical form of one string (quotes and escapes included);
// throws AuditError if it is not valid UTF-8.
void append_canonical_string(std::string_view s, std::string& out);

// A copy of `value` with every non-integer number turned into its string
// form, as Floats::as_strings writes it.
json normalize_numbers(const json& value);

}  // namespace mai::audit
