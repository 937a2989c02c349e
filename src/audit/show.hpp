// Reading the log back: filtered listings (`audit show`) and the offline
// export (`audit export --format jsonl`, described in docs/audit-format.md).
#pragma once
#include <cstdint>
#include <optional>
#include <ostream>
#include <string>
#include <vector>

#include "audit/record.hpp"
#include "config/audit_config.hpp"

namespace mai::audit {

struct ShowQuery {
  std::optional<std::string> request_id;
  std::optional<int64_t> since_us;  // records at or after this time
  std::optional<std::string> type;
  std::optional<uint64_t> limit;    // the most recent N matches
};

// Matching records in seq order. Damaged records are skipped (verify names them).
std::vector<Record> query_records(const std::string& state_dir, const config::AuditConfig& cfg, const ShowQuery& q);

// One line for people: seq, time, type, request, and a short summary of data.
std::string format_record_line(const Record& r);
// The record as JSON (as stored, with "time" added for people).
json record_to_json(const Record& r);

// Writes the export: a header line, every record, every signed tree head; one
// canonical JSON object per line. Returns the number of records written.
uint64_t export_jsonl(const std::string& state_dir, const config::AuditConfig& cfg, std::ostream& out);

}  // namespace mai::audit
