#include <gtest/gtest.h>

#include "config/audit_config.hpp"
#include "config/config_source.hpp"
#include "config/sandbox_config.hpp"
#include "config/service_config.hpp"

namespace mai::config {

namespace {
std::string with_replaced(std::string text, const std::string& from, const std::string& to) {
  auto pos = text.find(from);
  EXPECT_NE(pos, std::string::npos) << from;
  return text.replace(pos, from.size(), to);
}

// Runs `fn` and returns the ConfigError it must throw.
template <class Fn>
ConfigError expect_config_error(Fn fn) {
  try {
    fn();
  } catch (const ConfigError& e) {
    return e;
  }
  ADD_FAILURE() << "no ConfigError";
  return ConfigError("", 0, "", "");
}
}  // namespace

TEST(SandboxConfig, BuiltinDefaultsMatchTheContract) {
  auto c = parse_sandbox_config(Source(std::nullopt).load("sandbox.yaml"));
  EXPECT_EQ(c.backend, Backend::native);
  const auto& trusted = c.limits_for(TrustLevel::trusted);
  EXPECT_EQ(trusted.cpus, 2.0);
  EXPECT_EQ(trusted.memory_bytes, 1ull << 30);
  EXPECT_EQ(trusted.timeout_ms, 120000u);
  EXPECT_EQ(trusted.pids, 256u);
  const auto& unknown = c.limits_for(TrustLevel::unknown);
  EXPECT_EQ(unknown.cpus, 1.0);
  EXPECT_EQ(unknown.memory_bytes, 512ull << 20);
  EXPECT_EQ(unknown.timeout_ms, 60000u);
  EXPECT_EQ(unknown.pids, 128u);
  const auto& untrusted = c.limits_for(TrustLevel::untrusted);
  EXPECT_EQ(untrusted.cpus, 0.5);
  EXPECT_EQ(untrusted.memory_bytes, 256ull << 20);
  EXPECT_EQ(untrusted.timeout_ms, 30000u);
  EXPECT_EQ(untrusted.pids, 64u);
  EXPECT_EQ(c.monitor_interval_ms, 100u);
}

TEST(SandboxConfig, BadValueNamesFileLineAndField) {
  std::string text = with_replaced(Source::builtin("sandbox.yaml"), "memory: 512MiB", "memory: lots");
  auto e = expect_config_error([&] { parse_sandbox_config(Node::parse("x/sandbox.yaml", text)); });
  EXPECT_EQ(e.file(), "x/sandbox.yaml");
  EXPECT_EQ(e.field(), "trust_levels.unknown.memory");
  EXPECT_GT(e.line(), 1);
  EXPECT_NE(std::string(e.what()).find("lots"), std::string::npos);
}

TEST(SandboxConfig, UnknownKeyIsRejected) {
  std::string text = with_replaced(Source::builtin("sandbox.yaml"), "backend: native",
                                   "backend: native\nbakend: docker");
  auto e = expect_config_error([&] { parse_sandbox_config(Node::parse("s.yaml", text)); });
  EXPECT_EQ(e.field(), "bakend");
}

TEST(SandboxConfig, MissingLevelAndSyntaxErrors) {
  auto e = expect_config_error([] { Node::parse("s.yaml", "a: [1, 2\nb: 3\n"); });
  EXPECT_GT(e.line(), 0);
  auto missing = expect_config_error([] {
    parse_sandbox_config(Node::parse("s.yaml", "backend: native\ntrust_levels: {}\n"));
  });
  EXPECT_EQ(missing.field(), "trust_levels.untrusted");
}

// Values that would silently switch a protection off are refused, naming the field.
TEST(SandboxConfig, ValuesThatDisableProtectionsAreRefused) {
  struct Case {
    const char* from;
    const char* to;
    const char* field;
  };
  for (const Case& c : {Case{"flood: 64MiB", "flood: 0", "output.flood"},
                        Case{"flood: 64MiB", "flood: 512KiB", "output.flood"},
                        Case{"interval: 100ms", "interval: 1000h", "monitor.interval"},
                        Case{"max_code: 1MiB", "max_code: 1TiB", "submission.max_code"},
                        Case{"max_code: 1MiB", "max_code: 0", "submission.max_code"},
                        Case{"timeout: 30s", "timeout: 100000h", "trust_levels.untrusted.timeout"},
                        Case{"output: 4MiB", "output: 0", "trust_levels.trusted.output"},
                        Case{"pids: 64", "pids: 1", "trust_levels.untrusted.pids"}}) {
    std::string text = with_replaced(Source::builtin("sandbox.yaml"), c.from, c.to);
    auto e = expect_config_error([&] { parse_sandbox_config(Node::parse("s.yaml", text)); });
    EXPECT_EQ(e.field(), c.field) << c.to;
  }
}

TEST(AuditConfig, BuiltinDefaultsParse) {
  auto c = parse_audit_config(Source(std::nullopt).load("audit.yaml"));
  EXPECT_FALSE(c.key_file.empty());
  EXPECT_EQ(c.tree_head_interval_ms, 60000u);
}

TEST(ServiceConfig, BuiltinDefaultsParse) {
  auto c = parse_service_config(Source(std::nullopt).load("service.yaml"));
  EXPECT_EQ(c.max_connections, 256u);
  EXPECT_EQ(c.heartbeat_interval_ms, 1000u);
  EXPECT_EQ(c.max_message_bytes, 4u << 20);
}

TEST(ServiceConfig, HeartbeatTimeoutMustCoverTwoIntervals) {
  std::string text = with_replaced(Source::builtin("service.yaml"),
                                   "heartbeat_timeout: 5s", "heartbeat_timeout: 1500ms");
  auto e = expect_config_error([&] { parse_service_config(Node::parse("service.yaml", text)); });
  EXPECT_NE(std::string(e.what()).find("connections.heartbeat_timeout"), std::string::npos)
      << e.what();
}

}  // namespace mai::config
