// Verification of the whole log: every signature, the hash chain, sequence
// continuity, every signed tree head, the key history, an optional receipt,
// and completeness (every execution has its assessment, every override a
// BLOCKED verdict, every start its end). Parallel over the cores.
#pragma once
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "common/json.hpp"
#include "config/audit_config.hpp"
#include "model/receipt.hpp"

namespace mai::audit {

struct VerifyOptions {
  std::optional<std::string> pubkey_pem_file;  // trust anchor; else the local key's public half
  std::optional<std::string> receipt_file;     // a result JSON with "audit", or the bare receipt
  unsigned threads = 0;                        // 0: every core
  bool progress = false;                       // a progress bar on stderr
};

struct VerifyReport {
  bool ok = false;
  uint64_t records = 0, tree_heads = 0;
  std::optional<uint64_t> first_bad_seq;
  std::string reason;

  uint64_t first_seq = 0;  // > 0 when pruned
  uint64_t tree_size = 0;
  std::string root_hash;   // hex, over all records
  std::vector<std::string> key_ids;  // the log's key history
  std::string trusted_key_id;
  bool receipt_checked = false;
  std::vector<std::string> warnings;  // e.g. executions still open

  json to_json() const;
};

// Throws AuditError when verification cannot even start (no log, unreadable
// public key or receipt); everything wrong *in* the log is a report with ok=false.
VerifyReport verify_log(const std::string& state_dir, const config::AuditConfig& cfg, const VerifyOptions& opts);

// A receipt from a file: a result object with an "audit" member, or the bare
// audit object. Throws AuditError naming the file and the problem.
AuditReceipt load_receipt(const std::string& path);
// The same from the file's text; `name` names it in errors.
AuditReceipt parse_receipt(std::string_view text, const std::string& name);

}  // namespace mai::audit
