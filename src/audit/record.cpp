#include "audit/record.hpp"

#include <array>

#include "audit/canonical_decoder.hpp"
#include "audit/canonical_json.hpp"
#include "audit/error.hpp"
#include "common/encoding.hpp"
#include "common/sha256.hpp"

namespace mai::audit {

std::string rotation_signing_input(const std::string& old_id, const std::string& new_id) {
  return std::string(kRotationDomain) + old_id + "\n" + new_id;
}

std::string zero_hash() { return std::string(32, '\0'); }

std::string be64(uint64_t v) {
  std::string out(8, '\0');
  for (int i = 7; i >= 0; --i) {
    out[static_cast<size_t>(i)] = static_cast<char>(v & 0xff);
    v >>= 8;
  }
  return out;
}

uint64_t read_be64(std::string_view b) {
  uint64_t v = 0;
  for (size_t i = 0; i < 8; ++i) v = (v << 8) | static_cast<unsigned char>(b[i]);
  return v;
}

namespace {

// Field access that turns every shape error into an AuditError.
const json& field(const json& j, const char* name) {
  auto it = j.find(name);
  if (it == j.end()) throw AuditError(std::string("missing field \"") + name + "\"");
  return *it;
}
std::string str(const json& j, const char* name) {
  const json& v = field(j, name);
  if (!v.is_string()) throw AuditError(std::string("field \"") + name + "\" is not a string");
  return v.get<std::string>();
}
uint64_t u64(const json& j, const char* name) {
  const json& v = field(j, name);
  if (!v.is_number_unsigned() && !(v.is_number_integer() && v.get<int64_t>() >= 0))
    throw AuditError(std::string("field \"") + name + "\" is not a non-negative integer");
  return v.get<uint64_t>();
}
int64_t i64(const json& j, const char* name) {
  const json& v = field(j, name);
  if (!v.is_number_integer() || (v.is_number_unsigned() && v.get<uint64_t>() > INT64_MAX))
    throw AuditError(std::string("field \"") + name + "\" is not an integer");
  return v.get<int64_t>();
}
std::string hex_field(const json& j, const char* name, size_t bytes) {
  auto raw = from_hex(str(j, name));
  if (!raw || (bytes && raw->size() != bytes))
    throw AuditError(std::string("field \"") + name + "\" is not " + std::to_string(bytes) + " bytes of hex");
  return *raw;
}
std::string b64_field(const json& j, const char* name, size_t bytes) {
  auto raw = from_base64(str(j, name));
  if (!raw || raw->size() != bytes)
    throw AuditError(std::string("field \"") + name + "\" is not " + std::to_string(bytes) +
                     " bytes of base64");
  return *raw;
}
void expect_fields(const json& j, std::initializer_list<const char*> names, int version) {
  if (!j.is_object()) throw AuditError("not a JSON object");
  if (j.size() != names.size()) {
    for (auto it = j.begin(); it != j.end(); ++it) {
      bool known = false;
      for (auto* n : names) known = known || it.key() == n;
      if (!known) throw AuditError("unexpected field \"" + it.key() + "\"");
    }
  }
  for (auto* n : names) field(j, n);
  if (i64(j, "v") != version) throw AuditError("unknown format version");
}
std::string hex_id(const json& j, const char* name) {
  std::string s = str(j, name);
  if (s.size() != 64 || !from_hex(s)) throw AuditError(std::string("field \"") + name + "\" is not a key id");
  return s;
}

}  // namespace

json Record::body() const {
  return json{{"v", kFormatVersion},
              {"seq", seq},
              {"timestamp_us", timestamp_us},
              {"type", type},
              {"request_id", request_id},
              {"data", data},
              {"prev_hash", to_hex(prev_hash)},
              {"key_id", key_id},
              {"tree_heads", tree_heads},
              {"tree_head_hash", to_hex(tree_head_hash.empty() ? zero_hash() : tree_head_hash)}};
}

std::string Record::canonical_body() const { return canonical_body_with(canonical_json(data)); }

std::string Record::canonical_body_with(std::string_view canonical_data) const {
  // The members in canonical (byte) order, written directly: "data" is the
  // bulk of a record and is encoded once. Equal to canonical_json(body())
  // (record_test checks).
  std::string out;
  out.reserve(canonical_data.size() + type.size() + request_id.size() + 330);
  out.append("{\"data\":").append(canonical_data);
  out.append(",\"key_id\":");
  append_canonical_string(key_id, out);
  out.append(",\"prev_hash\":\"").append(to_hex(prev_hash)).append("\"");
  out.append(",\"request_id\":");
  append_canonical_string(request_id, out);
  out.append(",\"seq\":").append(std::to_string(seq));
  out.append(",\"timestamp_us\":").append(std::to_string(timestamp_us));
  out.append(",\"tree_head_hash\":\"").append(to_hex(tree_head_hash.empty() ? zero_hash() : tree_head_hash)).append("\"");
  out.append(",\"tree_heads\":").append(std::to_string(tree_heads));
  out.append(",\"type\":");
  append_canonical_string(type, out);
  out.append(",\"v\":").append(std::to_string(kFormatVersion)).append("}");
  return out;
}

std::string Record::signing_input() const { return std::string(kRecordDomain) + canonical_body(); }

std::string Record::with_sig(std::string_view b, std::string_view raw_sig) {
  // "sig" sorts right before "timestamp_us". The top-level "timestamp_us" is
  // the last one: only hex strings, an integer, "type" (a string, whose
  // quotes would be escaped) and "v" follow it.
  static const std::string_view marker = ",\"timestamp_us\":";
  auto at = b.rfind(marker);
  if (at == std::string::npos) throw AuditError("internal error: record body without timestamp_us");
  std::string out;
  out.reserve(b.size() + 100);
  out.append(b.substr(0, at)).append(",\"sig\":\"").append(to_base64(std::string(raw_sig))).append("\"").append(b.substr(at));
  return out;
}

std::string Record::body_of(std::string_view b) {
  // The top-level "sig" is the last: only "timestamp_us" and later members
  // (integers, hex strings, "type" whose quotes would be escaped, "v") follow it.
  static const std::string_view marker = ",\"sig\":\"";
  auto at = b.rfind(marker);
  if (at == std::string_view::npos) throw AuditError("record without a signature");
  auto close = b.find('"', at + marker.size());
  if (close == std::string_view::npos) throw AuditError("record with an unterminated signature");
  std::string out;
  out.reserve(b.size());
  out.append(b.substr(0, at)).append(b.substr(close + 1));
  return out;
}

std::string Record::signing_input_of(std::string_view b) { return std::string(kRecordDomain) + body_of(b); }

std::string Record::encode() const { return with_sig(canonical_body(), sig); }

// The record's members, in canonical (byte) order.
constexpr std::array<std::string_view, 11> kRecordMembers = {
    "data", "key_id", "prev_hash", "request_id", "seq", "sig", "timestamp_us", "tree_head_hash", "tree_heads", "type", "v"};

Record Record::decode(std::string_view bytes, bool (*keep)(std::string_view member)) {
  // One pass over the bytes that checks their canonical form and reads each
  // member into its field: only "data" becomes a JSON tree.
  CanonicalDecoder d(bytes);
  if (d.next() != '{') throw AuditError("not a JSON object");
  Record r;
  std::string text;
  std::array<bool, kRecordMembers.size()> seen{};
  d.object([&](const std::string& key) {
    size_t m = 0;
    while (m < kRecordMembers.size() && kRecordMembers[m] != key) ++m;
    if (m == kRecordMembers.size()) throw AuditError("unexpected field \"" + key + "\"");
    seen[m] = true;
    auto is = [&](bool ok, const char* what) {
      if (!ok) throw AuditError("field \"" + key + "\" is not " + what);
    };
    const char c = d.next();
    const bool number = c == '-' || (c >= '0' && c <= '9');
    auto hex = [&](std::string& into, const char* what) {
      is(c == '"', what);
      d.string(text);
      auto raw = from_hex(text);
      is(raw && raw->size() == 32, what);
      into = std::move(*raw);
    };
    switch (m) {
      case 0:
        is(c == '{', "an object");
        if (!keep) {
          r.data = d.value();
          break;
        }
        d.object([&](const std::string& member) {
          if (keep(member))
            r.data.get_ref<json::object_t&>().emplace_hint(r.data.get_ref<json::object_t&>().end(), member, d.value());
          else
            d.skip();
        });
        break;
      case 1:
        is(c == '"', "a key id");
        d.string(r.key_id);
        is(r.key_id.size() == 64 && from_hex(r.key_id).has_value(), "a key id");
        break;
      case 2: hex(r.prev_hash, "32 bytes of hex"); break;
      case 3:
        is(c == '"', "a string");
        d.string(r.request_id);
        break;
      case 4:
        is(number && c != '-', "a non-negative integer");
        r.seq = d.unsigned_integer();
        break;
      case 5: {
        is(c == '"', "64 bytes of base64");
        d.string(text);
        auto raw = from_base64(text);
        is(raw && raw->size() == 64, "64 bytes of base64");
        r.sig = std::move(*raw);
        break;
      }
      case 6:
        is(number, "an integer");
        r.timestamp_us = d.integer();
        break;
      case 7: hex(r.tree_head_hash, "32 bytes of hex"); break;
      case 8:
        is(number && c != '-', "a non-negative integer");
        r.tree_heads = d.unsigned_integer();
        break;
      case 9:
        is(c == '"', "a string");
        d.string(r.type);
        if (r.type.empty()) throw AuditError("empty \"type\"");
        break;
      case 10:
        is(number, "an integer");
        if (d.integer() != kFormatVersion) throw AuditError("unknown format version");
        break;
    }
  });
  d.finish();
  for (size_t m = 0; m < seen.size(); ++m)
    if (!seen[m]) throw AuditError("missing field \"" + std::string(kRecordMembers[m]) + "\"");
  return r;
}

std::string record_hash(std::string_view canonical_body) {
  return sha256({std::string_view("\0", 1), canonical_body});
}

json TreeHead::body() const {
  return json{{"v", kTreeHeadVersion}, {"tree_size", tree_size}, {"timestamp_us", timestamp_us},
              {"root_hash", to_hex(root_hash)}, {"key_id", key_id}};
}
std::string TreeHead::signing_input() const { return std::string(kTreeHeadDomain) + canonical_json(body()); }
json TreeHead::to_json() const {
  json j = body();
  j["sig"] = to_base64(sig);
  return j;
}
std::string TreeHead::encode() const { return canonical_json(to_json()); }
std::string TreeHead::hash() const { return sha256({std::string_view("\x02", 1), canonical_json(body())}); }
TreeHead TreeHead::from_json(const json& j) {
  expect_fields(j, {"v", "tree_size", "timestamp_us", "root_hash", "key_id", "sig"}, kTreeHeadVersion);
  TreeHead t;
  t.tree_size = u64(j, "tree_size");
  t.timestamp_us = i64(j, "timestamp_us");
  t.root_hash = hex_field(j, "root_hash", 32);
  t.key_id = hex_id(j, "key_id");
  t.sig = b64_field(j, "sig", 64);
  return t;
}
TreeHead TreeHead::decode(std::string_view bytes) { return from_json(parse_canonical(bytes)); }

json Checkpoint::body() const {
  json fr = json::array();
  for (const auto& h : frontier) fr.push_back(to_hex(h));
  return json{{"v", kFormatVersion},
              {"first_seq", first_seq},
              {"prev_hash", to_hex(prev_hash)},
              {"frontier", fr},
              {"last_timestamp_us", last_timestamp_us},
              {"key_ids", key_ids},
              {"public_key", to_base64(public_key)},
              {"timestamp_us", timestamp_us},
              {"key_id", key_id},
              {"tree_heads", tree_heads},
              {"tree_head_hash", to_hex(tree_head_hash.empty() ? zero_hash() : tree_head_hash)}};
}
std::string Checkpoint::signing_input() const {
  return std::string(kCheckpointDomain) + canonical_json(body());
}
json Checkpoint::to_json() const {
  json j = body();
  j["sig"] = to_base64(sig);
  return j;
}
std::string Checkpoint::encode() const { return canonical_json(to_json()); }
Checkpoint Checkpoint::from_json(const json& j) {
  expect_fields(j, {"v", "first_seq", "prev_hash", "frontier", "last_timestamp_us", "key_ids",
                    "public_key", "timestamp_us", "key_id", "tree_heads", "tree_head_hash", "sig"},
                kFormatVersion);
  Checkpoint c;
  c.first_seq = u64(j, "first_seq");
  c.prev_hash = hex_field(j, "prev_hash", 32);
  const json& fr = j["frontier"];
  if (!fr.is_array()) throw AuditError("field \"frontier\" is not an array");
  for (const auto& h : fr) {
    auto raw = h.is_string() ? from_hex(h.get<std::string>()) : std::nullopt;
    if (!raw || raw->size() != 32) throw AuditError("field \"frontier\" holds a non-hash");
    c.frontier.push_back(*raw);
  }
  c.last_timestamp_us = i64(j, "last_timestamp_us");
  const json& ids = j["key_ids"];
  if (!ids.is_array()) throw AuditError("field \"key_ids\" is not an array");
  for (const auto& id : ids) {
    if (!id.is_string()) throw AuditError("field \"key_ids\" holds a non-string");
    c.key_ids.push_back(id.get<std::string>());
  }
  c.public_key = b64_field(j, "public_key", 32);
  c.timestamp_us = i64(j, "timestamp_us");
  c.key_id = hex_id(j, "key_id");
  c.tree_heads = u64(j, "tree_heads");
  c.tree_head_hash = hex_field(j, "tree_head_hash", 32);
  c.sig = b64_field(j, "sig", 64);
  return c;
}
Checkpoint Checkpoint::decode(std::string_view bytes) { return from_json(parse_canonical(bytes)); }

}  // namespace mai::audit
