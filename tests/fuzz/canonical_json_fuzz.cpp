// Canonical JSON (the bytes the audit log hashes and signs): any input must
// either parse as canonical JSON, and then re-encode to exactly the same
// bytes, or raise an AuditError; the encoder given any value parsed from any
// bytes raises only AuditError (never nlohmann's type_error), and what it
// writes parses back canonically; a string of any bytes is encoded or
// refused as invalid UTF-8, and its encoding decodes to the same bytes.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string>

#include "audit/canonical_decoder.hpp"
#include "audit/canonical_json.hpp"
#include "audit/error.hpp"
#include "common/utf8.hpp"

namespace {

void require(bool ok) {
  if (!ok) std::abort();
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  using namespace mai::audit;
  const std::string text(reinterpret_cast<const char*>(data), size);

  try {
    mai::json v = parse_canonical(text);
    require(canonical_json(v) == text);
  } catch (const AuditError&) {
  }

  // Any JSON at all (nlohmann's parser, no exceptions), encoded canonically.
  mai::json loose = mai::json::parse(text, nullptr, /*allow_exceptions=*/false);
  if (!loose.is_discarded()) {
    try {
      std::string c = canonical_json(loose, Floats::as_strings);
      require(parse_canonical(c) == normalize_numbers(loose));
      require(canonical_json(normalize_numbers(loose)) == c);
      try {
        require(canonical_json(loose) == c);  // refuses only floats
      } catch (const AuditError&) {
      }
    } catch (const AuditError&) {
      // Only for strings that are not valid UTF-8 (nlohmann accepts none).
      require(false);
    }
  }

  // The raw bytes as one string value.
  std::string out;
  try {
    append_canonical_string(text, out);
    require(mai::is_valid_utf8(text));
    require(parse_canonical(out).get<std::string>() == text);
    require(canonical_json(mai::json(text)) == out);
  } catch (const AuditError&) {
    require(!mai::is_valid_utf8(text));
    // The encoder refuses the same value the same way, never with a type_error.
    try {
      canonical_json(mai::json{{"data", {{"stdout", text}}}});
      require(false);
    } catch (const AuditError&) {
    }
  }
  return 0;
}
