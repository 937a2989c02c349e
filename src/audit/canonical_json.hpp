// Canonical JSON, the byte encoding that is hashed and signed (see
// docs/audit-format.md, "Canonical encoding"): UTF-8, object keys sorted by
// their UTF-8 bytes, no insignificant whitespace, integers only, minimal
// string escapes.
#pragma once
#include <string>
#include <string_view>

#include "common/json.hpp"

namespace mai::audit {

// Throws AuditError on a float, or a string that is not valid UTF-8.
std::string canonical_json(const json& value);

// A copy of `value` where every non-integer number became a string holding
// its shortest round-trip decimal form ("0.5"; 1.0 becomes "1.0"): events
// may carry floats, records may not.
json normalize_numbers(const json& value);

// Parses `text` and succeeds only if it is exactly the canonical encoding of
// what it parses to. Throws AuditError naming what is wrong.
json parse_canonical(std::string_view text);

}  // namespace mai::audit
