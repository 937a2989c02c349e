// The one-pass canonical decoder (canonical_decoder.cpp) against the
// reference it replaced: nlohmann's parser, then the canonical encoder, then
// a comparison with the input. On any bytes the two accept the same inputs
// and give the same value; what the decoder accepts re-encodes to exactly the
// input; skip() accepts what value() accepts; and a record decoded with only
// some data members kept is refused or accepted with the full decode, its
// kept members equal to the full decode's.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <optional>
#include <string>

#include "audit/canonical_decoder.hpp"
#include "audit/canonical_json.hpp"
#include "audit/error.hpp"
#include "audit/record.hpp"

namespace {

void require(bool ok) {
  if (!ok) std::abort();
}

// The reference: any JSON parse, accepted if its canonical encoding is the input.
std::optional<mai::json> reference(const std::string& text) {
  mai::json v = mai::json::parse(text, nullptr, /*allow_exceptions=*/false);
  if (v.is_discarded()) return std::nullopt;
  try {
    if (mai::audit::canonical_json(v) != text) return std::nullopt;
  } catch (const mai::audit::AuditError&) {
    return std::nullopt;  // floats, nesting beyond the bound
  }
  return v;
}

bool keep_some(std::string_view m) { return m.size() % 2 == 0; }

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  using namespace mai::audit;
  const std::string text(reinterpret_cast<const char*>(data), size);

  std::optional<mai::json> decoded;
  try {
    decoded = parse_canonical(text);
  } catch (const AuditError&) {
  }
  const std::optional<mai::json> expected = reference(text);
  require(decoded.has_value() == expected.has_value());
  if (decoded) {
    require(*decoded == *expected);
    require(canonical_json(*decoded) == text);
  }

  bool skipped = true;
  try {
    CanonicalDecoder d(text);
    d.skip();
    d.finish();
  } catch (const AuditError&) {
    skipped = false;
  }
  require(skipped == decoded.has_value());

  std::optional<Record> full, part;
  try {
    full = Record::decode(text);
  } catch (const AuditError&) {
  }
  try {
    part = Record::decode(text, keep_some);
  } catch (const AuditError&) {
  }
  require(full.has_value() == part.has_value());
  if (full) {
    require(full->encode() == text);
    for (auto it = full->data.begin(); it != full->data.end(); ++it)
      require(keep_some(it.key()) ? part->data.at(it.key()) == it.value() : !part->data.contains(it.key()));
    require(part->seq == full->seq && part->sig == full->sig && part->type == full->type);
  }
  return 0;
}
