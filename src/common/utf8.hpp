// UTF-8 validity, and the one rule for carrying bytes in JSON.
//
// Code, file names, reasons and program output are bytes. JSON text must be
// valid UTF-8, so a byte string goes into a JSON object as two fields when it
// is not valid UTF-8: `key` holds readable text (each invalid sequence
// replaced by U+FFFD) and `key_base64` holds the exact bytes. Valid UTF-8 is
// carried as it is, with no second field. Readers that want the exact bytes
// take `key_base64` when present, else `key` (see bytes_field()).
#pragma once
#include <optional>
#include <string>
#include <string_view>

#include "common/json.hpp"

namespace mai {

// Length of the longest prefix of `bytes` that is valid UTF-8 (RFC 3629: no
// overlongs, no surrogates, nothing above U+10FFFF).
size_t valid_utf8_prefix(std::string_view bytes);
inline bool is_valid_utf8(std::string_view bytes) {
  return valid_utf8_prefix(bytes) == bytes.size();
}

// `bytes` with every maximal invalid subsequence replaced by U+FFFD (the
// WHATWG/Unicode "maximal subpart" practice), so the result is valid UTF-8.
std::string to_valid_utf8(std::string_view bytes);

// `bytes` made safe to print on a terminal in one line of our own: valid
// UTF-8 as above, with C0 controls (newline and ESC included), DEL and the C1
// controls (U+0080..U+009F) written as \xNN, and backslashes doubled so the
// rendering is unambiguous. For outside bytes (a path the sandboxed code
// chose) inside the tool's own messages: raw, they could move the cursor,
// retitle the window or forge a `mai-sandbox:` line.
std::string for_terminal(std::string_view bytes);

// Sets obj[key] (and obj[key + "_base64"] when needed) from `bytes` as above.
void put_bytes(json& obj, const std::string& key, std::string_view bytes);

// The exact bytes of a field written by put_bytes; nullopt when absent or malformed.
std::optional<std::string> bytes_field(const json& obj, const std::string& key);

// JSON text that is always valid UTF-8 and never throws on strings that are
// not: the safety net for text built from outside bytes.
std::string dump_json(const json& j, int indent = -1);

}  // namespace mai
