// config/audit.yaml: where the audit log keeps its key and how it commits.
#pragma once
#include <cstdint>
#include <string>

#include "config/yaml_node.hpp"

namespace mai::config {

struct AuditConfig {
  std::string key_file;              // relative paths are inside the state directory
  uint64_t tree_head_interval_ms = 0;  // signed tree heads while idle
  uint64_t lock_wait_ms = 0;
  uint64_t writer_linger_ms = 400;  // a short-lived writer keeps the log open this long when idle         // how long to wait for another writer to let go
  uint64_t max_record_bytes = 0;
  uint64_t retention_ms = 0;         // prune records older than this; 0 keeps them forever
};

AuditConfig parse_audit_config(const Node& root);

}  // namespace mai::config
