#include "config/audit_config.hpp"

#include "common/units.hpp"

namespace mai::config {

AuditConfig parse_audit_config(const Node& root) {
  root.expect_keys({"key_file", "tree_head_interval", "lock_wait", "writer_linger", "max_record",
                   "retention"});
  AuditConfig c;
  c.key_file = root["key_file"].as_string();
  if (c.key_file.empty()) root["key_file"].fail("must not be empty");
  c.tree_head_interval_ms = root["tree_head_interval"].as_duration_ms();
  c.lock_wait_ms = root["lock_wait"].as_duration_ms();
  if (root.has("writer_linger")) {
    c.writer_linger_ms = root["writer_linger"].as_duration_ms();
    if (c.writer_linger_ms > 10000) root["writer_linger"].fail("must be at most 10s");
  }
  c.max_record_bytes = root["max_record"].as_size();
  if (c.max_record_bytes < 4096) root["max_record"].fail("must be at least 4KiB");
  // Optional, so older configuration files stay valid: "forever", or a
  // duration, where days ("90d") are allowed too.
  if (root.has("retention")) {
    Node r = root["retention"];
    std::string text = r.as_string();
    while (!text.empty() && (text.back() == ' ' || text.back() == '\t')) text.pop_back();
    while (!text.empty() && (text.front() == ' ' || text.front() == '\t')) text.erase(0, 1);
    if (text == "forever" || text == "0") {
      c.retention_ms = 0;
    } else if (text.size() > 1 && text.back() == 'd') {
      std::string number = text.substr(0, text.size() - 1);
      while (!number.empty() && number.back() == ' ') number.pop_back();
      auto ms = parse_duration_ms(number);  // a bare number is seconds: times 86400 makes days
      if (!ms || *ms > UINT64_MAX / 86400) r.fail("expected \"forever\" or a duration such as 90d, got '" + text + "'");
      c.retention_ms = *ms * 86400;
    } else {
      c.retention_ms = r.as_duration_ms();
    }
    if (c.retention_ms != 0 && c.retention_ms < 60000) r.fail("must be at least 1m, or \"forever\"");
  }
  return c;
}

}  // namespace mai::config
