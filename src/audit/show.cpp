#include "audit/show.hpp"

#include <algorithm>
#include <set>

#include "audit/canonical_json.hpp"
#include "audit/error.hpp"
#include "audit/store.hpp"
#include "common/clock.hpp"
#include "common/encoding.hpp"

namespace mai::audit {

std::vector<Record> query_records(const std::string& state_dir, const config::AuditConfig& cfg, const ShowQuery& q) {
  auto store = Store::open(db_dir_for(state_dir), Store::Mode::read_only, cfg.lock_wait_ms);
  // Candidates from the most selective index, then every filter on the record itself.
  std::optional<std::vector<uint64_t>> seqs;
  if (q.request_id) seqs = store->seqs_for_request(*q.request_id);
  else if (q.type) seqs = store->seqs_for_type(*q.type);
  else if (q.since_us) seqs = store->seqs_since(*q.since_us);
  std::vector<Record> out;
  auto consider = [&](std::string_view bytes) {
    try {
      Record r = Record::decode(bytes);
      if (q.request_id && r.request_id != *q.request_id) return;
      if (q.type && r.type != *q.type) return;
      if (q.since_us && r.timestamp_us < *q.since_us) return;
      out.push_back(std::move(r));
    } catch (const AuditError&) {
    }
  };
  if (seqs) {
    std::sort(seqs->begin(), seqs->end());
    for (uint64_t s : *seqs)
      if (auto bytes = store->get_record(s)) consider(*bytes);
  } else {
    store->scan_records(0, [&](std::string_view, std::string_view v) {
      consider(v);
      return true;
    });
  }
  if (q.limit && out.size() > *q.limit) out.erase(out.begin(), out.end() - static_cast<long>(*q.limit));
  return out;
}

namespace {

std::string summary(const json& data) {
  static const char* keys[] = {"level", "status", "termination", "exit_code", "reason", "decision", "host",
                               "code", "message", "given_by", "new_key_id", "first_seq"};
  std::string out;
  for (const char* k : keys) {
    if (!data.contains(k)) continue;
    std::string v = data[k].is_string() ? data[k].get<std::string>() : data[k].dump();
    for (auto& c : v)
      if (c == '\n' || c == '\t' || c == '\r') c = ' ';
    if (v.size() > 60) v = v.substr(0, 57) + "...";
    out += (out.empty() ? "" : " ") + std::string(k) + "=" + v;
  }
  return out;
}

}  // namespace

std::string format_record_line(const Record& r) {
  std::string line = std::to_string(r.seq) + "  " + format_rfc3339_us(r.timestamp_us) + "  " + r.type;
  if (!r.request_id.empty()) line += "  request=" + r.request_id;
  std::string s = summary(r.data);
  if (!s.empty()) line += "  " + s;
  return line;
}

json record_to_json(const Record& r) {
  json j = r.body();
  j["sig"] = to_base64(r.sig);
  j["time"] = format_rfc3339_us(r.timestamp_us);
  return j;
}

uint64_t export_jsonl(const std::string& state_dir, const config::AuditConfig& cfg, std::ostream& out) {
  auto store = Store::open(db_dir_for(state_dir), Store::Mode::read_only, cfg.lock_wait_ms);
  auto head = store->head();
  if (!head) throw AuditError("the audit log has no head record");
  auto cp = store->checkpoint();
  json header{{"kind", "header"},
              {"format", kStoreFormat},
              {"exported_at_us", now_unix_us()},
              {"first_seq", head->first_seq},
              {"tree_size", head->next_seq},
              {"tree_heads", head->tree_heads},
              {"tree_head_hash", to_hex(head->tree_head_hash)},
              {"checkpoint", cp ? cp->to_json() : json(nullptr)}};
  out << canonical_json(header) << '\n';
  uint64_t n = 0;
  store->scan_records(0, [&](std::string_view, std::string_view v) {
    // The stored bytes are canonical JSON already: embed them verbatim.
    out << "{\"kind\":\"record\",\"record\":" << v << "}\n";
    ++n;
    return true;
  });
  for (const auto& [k, v] : store->tree_heads()) out << "{\"kind\":\"tree_head\",\"tree_head\":" << v << "}\n";
  out.flush();
  if (!out) throw AuditError("cannot write the export");
  return n;
}

}  // namespace mai::audit
