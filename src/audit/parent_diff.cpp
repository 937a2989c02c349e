#include "audit/parent_diff.hpp"

#include "audit/canonical_json.hpp"
#include "audit/diff.hpp"
#include "audit/error.hpp"
#include "audit/event_types.hpp"
#include "audit/store.hpp"
#include "common/sha256.hpp"
#include "common/utf8.hpp"

namespace mai::audit {

std::optional<std::string> stored_submission_code(const Store& store, const std::string& request_id) {
  for (uint64_t seq : store.seqs_for_request(request_id)) {
    auto bytes = store.get_record(seq);
    if (!bytes) continue;
    try {
      Record p = Record::decode(*bytes);
      if (p.type != events::submission) continue;
      if (auto code = bytes_field(p.data, "code")) return code;
    } catch (const AuditError&) {
    }
  }
  return std::nullopt;
}

bool add_parent_diff(const Store& store, Record& r, std::map<std::string, std::string>& batch_code,
                     uint64_t max_record_bytes) {
  const json& d = r.data;
  // Code is bytes (common/utf8.hpp): exact in "code", or in "code_base64".
  std::optional<std::string> code = bytes_field(d, "code");
  if (code) batch_code[r.request_id] = *code;
  if (!d.contains("parent_request_id") || !d["parent_request_id"].is_string() || !code || d.contains("diff"))
    return false;
  const std::string parent = d["parent_request_id"].get<std::string>();
  std::optional<std::string> parent_code;
  if (auto it = batch_code.find(parent); it != batch_code.end() && parent != r.request_id) parent_code = it->second;
  if (!parent_code) parent_code = stored_submission_code(store, parent);
  if (!parent_code) {
    r.data["parent_found"] = false;
    return true;
  }
  r.data["parent_code_sha256"] = sha256_hex(*parent_code);
  std::string diff = unified_diff(*parent_code, *code, "parent/" + parent, "submission/" + r.request_id);
  if (canonical_json(r.data, Floats::as_strings).size() + diff.size() * 2 + 1024 > max_record_bytes) {
    r.data["diff_omitted"] = "the diff would make the record larger than max_record";
    return true;
  }
  put_bytes(r.data, "diff", diff);
  return true;
}

}  // namespace mai::audit
