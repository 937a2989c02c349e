// Reading canonical JSON (docs/audit-format.md section 1) from bytes that an
// attacker may have edited: the form is checked while the bytes are read, in
// one pass, so a value is accepted exactly when re-encoding it with
// canonical_json() gives the same bytes (tests/fuzz/canonical_decoder_fuzz.cpp
// holds the two to that). Faster than parsing and re-encoding, and callers
// that want only some members read those into their own fields instead of
// building a JSON tree (Record::decode).
#pragma once
#include <cstdint>
#include <string>
#include <string_view>

#include "common/json.hpp"

namespace mai::audit {

// Parses `text` and succeeds only if it is exactly the canonical encoding of
// what it parses to (as canonical_json() writes it). Throws AuditError naming
// what is wrong and at which byte.
json parse_canonical(std::string_view text);

class CanonicalDecoder {
 public:
  explicit CanonicalDecoder(std::string_view text) : text_(text) {}

  // One value of any kind at the current position.
  json value();
  // One value of any kind, checked and left out.
  void skip();
  // One string value, decoded into `out` (replacing what it held).
  void string(std::string& out);
  // One integer value; refused if it is negative / outside int64.
  uint64_t unsigned_integer();
  int64_t integer();
  // One object: calls on_member(key) for each member in order, which must
  // read the member's value; checks that keys are sorted and unique.
  template <class OnMember>
  void object(OnMember on_member);
  // The next byte ('\0' at the end), to tell what kind of value comes;
  // refuses whitespace, which no value starts with in canonical form.
  char next() const;
  // One array: calls on_item() for each item, which must read it.
  template <class OnItem>
  void array(OnItem on_item);
  // Refuses anything after the value just read.
  void finish();

  [[noreturn]] void fail(const std::string& why) const;

 private:
  bool at_end() const { return pos_ >= text_.size(); }
  char peek() const { return at_end() ? '\0' : text_[pos_]; }
  void expect(char c, const char* what);
  void enter();
  void leave() { --depth_; }
  bool begin_object();  // false for an empty object ("{}", consumed)
  bool next_key(std::string& key, bool first);
  [[noreturn]] void out_of_order(const std::string& prev, const std::string& key) const;
  bool begin_array();  // false for an empty array ("[]", consumed)
  bool next_item(bool first);
  json number();
  void literal(std::string_view word);

  std::string_view text_;
  size_t pos_ = 0;
  int depth_ = 0;
  std::string scratch_;  // strings that skip() reads
};

template <class OnMember>
void CanonicalDecoder::object(OnMember on_member) {
  if (!begin_object()) return;
  std::string key, prev;
  for (bool first = true; next_key(key, first); first = false) {
    if (!first && !(prev < key)) out_of_order(prev, key);
    on_member(static_cast<const std::string&>(key));
    prev.swap(key);
  }
}

template <class OnItem>
void CanonicalDecoder::array(OnItem on_item) {
  if (!begin_array()) return;
  for (bool first = true; next_item(first); first = false) on_item();
}

}  // namespace mai::audit
