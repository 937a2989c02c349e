#include "config/audit_config.hpp"

namespace mai::config {

AuditConfig parse_audit_config(const Node& root) {
  root.expect_keys({"key_file", "tree_head_interval", "lock_wait", "max_record"});
  AuditConfig c;
  c.key_file = root["key_file"].as_string();
  if (c.key_file.empty()) root["key_file"].fail("must not be empty");
  c.tree_head_interval_ms = root["tree_head_interval"].as_duration_ms();
  c.lock_wait_ms = root["lock_wait"].as_duration_ms();
  c.max_record_bytes = root["max_record"].as_size();
  if (c.max_record_bytes < 4096) root["max_record"].fail("must be at least 4KiB");
  return c;
}

}  // namespace mai::config
