// Shared helpers for the audit tests: a temporary state directory and the
// default configuration.
#pragma once
#include <gtest/gtest.h>
#include <stdlib.h>

#include <string>

#include "audit/log.hpp"
#include "common/files.hpp"
#include "config/audit_config.hpp"
#include "config/config_source.hpp"

namespace mai::audit::testing {

class TempDir {
 public:
  TempDir() {
    char tmpl[] = "/tmp/mai-audit-test-XXXXXX";
    char* p = ::mkdtemp(tmpl);
    if (!p) throw std::runtime_error("mkdtemp failed");
    path_ = p;
  }
  ~TempDir() {
    try {
      remove_tree(path_);
    } catch (...) {
    }
  }
  const std::string& path() const { return path_; }

 private:
  std::string path_;
};

inline config::AuditConfig default_config() {
  auto c = config::parse_audit_config(config::Source(std::nullopt).load("audit.yaml"));
  c.lock_wait_ms = 10000;
  return c;
}

inline Event ev(const std::string& type, const std::string& request, json data = json::object()) {
  return Event{type, request, std::move(data)};
}

}  // namespace mai::audit::testing
