#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

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

// A host with one account inside the default native range, and 4 cores.
HostFacts host_with(std::vector<HostIdUse> uses, uint32_t cores = 4) {
  HostFacts h;
  h.ids_in_use = std::move(uses);
  h.cores = cores;
  return h;
}

ConfigError id_error(const std::string& from, const std::string& to, const HostFacts& host = host_with({})) {
  std::string text = with_replaced(Source::builtin("sandbox.yaml"), from, to);
  return expect_config_error([&] { parse_sandbox_config(Node::parse("conf/sandbox.yaml", text), host); });
}

TEST(SandboxConfig, IdRangesOfTheDefaults) {
  auto c = parse_sandbox_config(Source(std::nullopt).load("sandbox.yaml"), host_with({}));
  EXPECT_EQ(c.native.ids.first, 1870000u);
  EXPECT_EQ(c.native.ids.count, 65536u);
  EXPECT_EQ(runs_in(c.native.ids, kNativeIdsPerRun), 32768u);
  EXPECT_EQ(c.docker.ids.first, 1940000u);
  EXPECT_EQ(runs_in(c.docker.ids, kDockerIdsPerRun), 65536u);
  // And on this very host (its /etc files, its cores).
  EXPECT_NO_THROW(parse_sandbox_config(Source(std::nullopt).load("sandbox.yaml")));
}

TEST(SandboxConfig, IdRangeHoldingAnAccountNamesFileLineAndField) {
  auto e = id_error("first: 1870000", "first: 1870000",
                    host_with({{1900123, 1, "uid 1900123 of account \"bob\" (/etc/passwd)"}}));
  EXPECT_EQ(e.file(), "conf/sandbox.yaml");
  EXPECT_EQ(e.field(), "native.ids");
  EXPECT_GT(e.line(), 1);
  EXPECT_NE(std::string(e.what()).find("account \"bob\""), std::string::npos) << e.what();
  EXPECT_NE(std::string(e.what()).find("1870000-1935535"), std::string::npos) << e.what();
  // A subordinate range overlapping the docker ids.
  auto sub = id_error("first: 1870000", "first: 1870000",
                      host_with({{1999000, 65536, "subordinate ids 1999000-2064535 of \"carol\" (/etc/subuid)"}}));
  EXPECT_EQ(sub.field(), "docker.ids");
  EXPECT_NE(std::string(sub.what()).find("carol"), std::string::npos) << sub.what();
}

TEST(SandboxConfig, IdRangeTooSmallForTheCapacity) {
  std::string text = with_replaced(Source::builtin("sandbox.yaml"), "max_concurrent: 0", "max_concurrent: 64");
  text = with_replaced(text, "first: 1870000\n    count: 65536", "first: 1870000\n    count: 100");
  auto small = expect_config_error([&] { parse_sandbox_config(Node::parse("s.yaml", text), host_with({})); });
  EXPECT_EQ(small.field(), "native.ids.count");
  EXPECT_NE(std::string(small.what()).find("50 concurrent runs"), std::string::npos) << small.what();
  EXPECT_NE(std::string(small.what()).find("capacity of 64"), std::string::npos) << small.what();
  // Capacity 0 is one run per core.
  auto per_core = id_error("first: 1940000\n    count: 65536", "first: 1940000\n    count: 3",
                           host_with({}, 8));
  EXPECT_EQ(per_core.field(), "docker.ids.count");
  EXPECT_NE(std::string(per_core.what()).find("one per core"), std::string::npos) << per_core.what();
}

TEST(SandboxConfig, WarmPool) {
  auto c = parse_sandbox_config(Node::parse("s.yaml", Source::builtin("sandbox.yaml")), host_with({}));
  EXPECT_TRUE(c.warm.enabled);
  EXPECT_EQ(c.warm.min_per_shape, 1u);
  EXPECT_EQ(c.warm.max_per_shape, 4u);
  EXPECT_EQ(c.warm.max_total, 8u);
  EXPECT_EQ(c.warm.max_idle_ms, 60000u);
  EXPECT_EQ(c.warm.min_free_memory_bytes, 512ull << 20);
  EXPECT_EQ(c.warm.refill_yield_ms, 250u);
  auto error_for = [](const std::string& from, const std::string& to) {
    std::string text = with_replaced(Source::builtin("sandbox.yaml"), from, to);
    return expect_config_error([&] { parse_sandbox_config(Node::parse("s.yaml", text), host_with({})); });
  };
  EXPECT_EQ(error_for("  min: 1\n", "  min: 5\n").field(), "warm.min");  // above max
  EXPECT_EQ(error_for("max_idle: 60s", "max_idle: 10ms").field(), "warm.max_idle");
  EXPECT_EQ(error_for("max_total: 8", "max_total: 0").field(), "warm.max_total");
  EXPECT_EQ(error_for("refill_yield: 250ms", "refill_yield: 90s").field(), "warm.refill_yield");
  EXPECT_EQ(error_for("refill_yield: 250ms", "refill_yield: soon").field(), "warm.refill_yield");
  EXPECT_EQ(error_for("  enabled: true\n", "  enabled: maybe\n").field(), "warm.enabled");
  EXPECT_TRUE(c.warm.docker);
  EXPECT_EQ(error_for("  docker: true\n", "  docker: sometimes\n").field(), "warm.docker");
  EXPECT_EQ(error_for("min_free_memory: 512MiB", "min_free_memory: 512MiB\n  size: 3").field(), "warm.size");
  // Waiting warm sandboxes hold native ids: the range must hold them beside the capacity.
  std::string text = with_replaced(Source::builtin("sandbox.yaml"), "max_concurrent: 0", "max_concurrent: 46");
  text = with_replaced(text, "first: 1870000\n    count: 65536", "first: 1870000\n    count: 100");
  auto small = expect_config_error([&] { parse_sandbox_config(Node::parse("s.yaml", text), host_with({})); });
  EXPECT_EQ(small.field(), "native.ids.count");
  EXPECT_NE(std::string(small.what()).find("plus 8 warm sandboxes"), std::string::npos) << small.what();
  // Without the pool the same range is enough; without the block, the defaults.
  auto off = parse_sandbox_config(
      Node::parse("s.yaml", with_replaced(text, "  enabled: true\n", "  enabled: false\n")), host_with({}));
  EXPECT_FALSE(off.warm.enabled);
  // Warm containers hold docker ids the same way.
  std::string dtext = with_replaced(Source::builtin("sandbox.yaml"), "max_concurrent: 0", "max_concurrent: 46");
  dtext = with_replaced(dtext, "first: 1940000\n    count: 65536", "first: 1940000\n    count: 50");
  auto dsmall = expect_config_error([&] { parse_sandbox_config(Node::parse("s.yaml", dtext), host_with({})); });
  EXPECT_EQ(dsmall.field(), "docker.ids.count");
  EXPECT_NE(std::string(dsmall.what()).find("plus 8 warm sandboxes"), std::string::npos) << dsmall.what();
  auto no_docker_warm = parse_sandbox_config(
      Node::parse("s.yaml", with_replaced(dtext, "  docker: true\n", "  docker: false\n")), host_with({}));
  EXPECT_FALSE(no_docker_warm.warm.docker);
  std::string full = Source::builtin("sandbox.yaml");
  size_t from = full.find("\nwarm:\n"), to = full.find("\nnative:\n");
  ASSERT_NE(from, std::string::npos);
  auto none = parse_sandbox_config(Node::parse("s.yaml", full.substr(0, from) + full.substr(to)), host_with({}));
  EXPECT_TRUE(none.warm.enabled);
  EXPECT_EQ(none.warm.max_total, 8u);
}

TEST(SandboxConfig, IdRangeSpecialAndOverlappingIds) {
  EXPECT_EQ(id_error("first: 1870000", "first: 60000").field(), "native.ids");  // holds 65534
  EXPECT_NE(std::string(id_error("first: 1870000", "first: 60000").what()).find("65534"), std::string::npos);
  EXPECT_EQ(id_error("first: 1870000", "first: 4294967000").field(), "native.ids.count");
  EXPECT_EQ(id_error("first: 1870000", "first: 0").field(), "native.ids.first");
  auto overlap = id_error("first: 1940000", "first: 1900000");
  EXPECT_EQ(overlap.field(), "docker.ids");
  EXPECT_NE(std::string(overlap.what()).find("overlap native.ids"), std::string::npos) << overlap.what();
  EXPECT_EQ(id_error("    count: 65536\n  # Parent", "    count: 65536\n    size: 3\n  # Parent").field(),
            "native.ids.size");
}

TEST(SandboxConfig, HostIdUseFromEtcFiles) {
  auto dir = std::filesystem::temp_directory_path() / "mai-etc-test";
  std::filesystem::create_directories(dir);
  std::ofstream(dir / "passwd") << "root:x:0:0:root:/root:/bin/sh\n# comment\nbroken line\n"
                                   "alice:x:1000:1001::/home/alice:/bin/sh\n";
  std::ofstream(dir / "group") << "wheel:x:10:alice\n";
  std::ofstream(dir / "subuid") << "alice:100000:65536\n";
  auto uses = read_host_id_use(dir.string());
  std::filesystem::remove_all(dir);
  ASSERT_EQ(uses.size(), 6u);  // no subgid file: nothing from it
  const HostIdUse* alice = overlapping_use(uses, 1000, 1);
  ASSERT_NE(alice, nullptr);
  EXPECT_NE(alice->what.find("alice"), std::string::npos);
  EXPECT_NE(overlapping_use(uses, 1001, 1), nullptr);  // alice's primary group
  EXPECT_NE(overlapping_use(uses, 165535, 10), nullptr);
  EXPECT_EQ(overlapping_use(uses, 165536, 10), nullptr);
  EXPECT_EQ(overlapping_use(uses, 11, 989), nullptr);
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

TEST(SandboxConfig, FileCapsParseAndAreChecked) {
  auto c = parse_sandbox_config(Source(std::nullopt).load("sandbox.yaml"));
  EXPECT_EQ(c.files.max_inputs, 1000u);
  EXPECT_EQ(c.files.max_inputs_bytes, 64u << 20);
  EXPECT_EQ(c.files.max_listed, 20000u);
  EXPECT_EQ(c.files.max_output_file_bytes, 16u << 20);
  EXPECT_EQ(c.files.max_output_total_bytes, 64u << 20);
  EXPECT_EQ(c.files.max_input_code_bytes, 4u << 20);
  // The section is optional: the defaults apply.
  std::string text = Source::builtin("sandbox.yaml");
  auto without = parse_sandbox_config(Node::parse("s.yaml", text.substr(0, text.find("\nfiles:"))));
  EXPECT_EQ(without.files.max_listed, 20000u);

  auto e = expect_config_error([&] {
    parse_sandbox_config(Node::parse(
        "s.yaml", with_replaced(text, "max_output_file: 16MiB", "max_output_file: 1GiB")));
  });
  EXPECT_NE(std::string(e.what()).find("max_output_file"), std::string::npos);
  e = expect_config_error([&] {
    parse_sandbox_config(Node::parse("s.yaml", with_replaced(text, "max_listed: 20000", "max_listed: 0")));
  });
  EXPECT_NE(std::string(e.what()).find("max_listed"), std::string::npos);
  e = expect_config_error([&] {
    parse_sandbox_config(Node::parse("s.yaml", with_replaced(text, "max_input_code: 4MiB", "max_input_code: 1GiB")));
  });
  EXPECT_NE(std::string(e.what()).find("files.max_input_code"), std::string::npos) << e.what();
  e = expect_config_error([&] {
    parse_sandbox_config(Node::parse("s.yaml", with_replaced(text, "max_input_code: 4MiB", "max_input_code: lots")));
  });
  EXPECT_NE(std::string(e.what()).find("max_input_code"), std::string::npos) << e.what();
  e = expect_config_error([&] {
    parse_sandbox_config(Node::parse("s.yaml", with_replaced(text, "  max_inputs: 1000", "  max_input: 1")));
  });
  EXPECT_NE(std::string(e.what()).find("max_input"), std::string::npos);
}

}  // namespace mai::config

namespace mai::config {

// The YAML reader (libyaml into a tree): what the config parsers rely on.
TEST(YamlNode, NullsAliasesDuplicatesAndLines) {
  Node n = Node::parse("y.yaml",
                       "a: ~\nb: null\nc: 'null'\nd:\n  - &x {k: 1}\n  - *x\ne: 1\ne: 2\nf: \"\"\n");
  EXPECT_FALSE(n.has("a"));
  EXPECT_FALSE(n.has("b"));
  EXPECT_EQ(n["c"].as_string(), "null");  // quoted: a string
  auto items = n["d"].items();
  ASSERT_EQ(items.size(), 2u);
  EXPECT_EQ(items[1]["k"].as_uint(), 1u);
  EXPECT_EQ(items[1].path(), "d[1]");
  EXPECT_EQ(n["e"].as_uint(), 1u);  // the first of duplicate keys
  EXPECT_EQ(n["f"].as_string(), "");
  EXPECT_EQ(n["e"].line(), 7);
  EXPECT_EQ(n["missing"].line(), 1);  // a missing key: where its parent is
  EXPECT_TRUE(Node::parse("empty.yaml", "").is_map());
  EXPECT_TRUE(Node::parse("empty.yaml", "# only a comment\n").is_map());
}

// A node under an alias is named by the way it was reached, not by its anchor's.
TEST(YamlNode, PathsThroughAliasesNameTheWayTaken) {
  Node n = Node::parse("y.yaml", "d:\n  - &x {k: {m: 1}}\n  - *x\ne: {f: *x}\n");
  auto items = n["d"].items();
  EXPECT_EQ(items[0]["k"]["m"].path(), "d[0].k.m");
  EXPECT_EQ(items[1]["k"]["m"].path(), "d[1].k.m");
  EXPECT_EQ(items[1]["k"]["gone"]["deeper"].path(), "d[1].k.gone.deeper");
  EXPECT_EQ(n["e"]["f"]["k"].path(), "e.f.k");
  EXPECT_EQ(n["e"].entries()[0].second.path(), "e.f");
  EXPECT_EQ(n["e"]["f"]["k"]["m"].line(), 2);
  try {
    n["e"]["f"]["k"]["m"].as_string_list();
    ADD_FAILURE() << "a scalar read as a list";
  } catch (const ConfigError& e) {
    EXPECT_NE(std::string(e.what()).find("e.f.k.m"), std::string::npos) << e.what();
  }
}

TEST(YamlNode, BadDocumentsAreConfigErrors) {
  auto e = expect_config_error([] { Node::parse("y.yaml", "a: 1\nb: *nowhere\n"); });
  EXPECT_EQ(e.line(), 2);
  // An alias to a node still being built would make a document contain itself.
  expect_config_error([] { Node::parse("y.yaml", "a: &r [1, *r]\n"); });
  // Nesting past any configuration's depth is refused.
  expect_config_error([] { Node::parse("y.yaml", "a: " + std::string(100, '[') + std::string(100, ']') + "\n"); });
  // Aliases reused at every level ("billion laughs") are walked once each.
  std::string laughs = "a0: &a0 [x, x]\n";
  for (int i = 1; i < 40; ++i)
    laughs += "a" + std::to_string(i) + ": &a" + std::to_string(i) + " [*a" + std::to_string(i - 1) +
              ", *a" + std::to_string(i - 1) + "]\n";
  EXPECT_TRUE(Node::parse("y.yaml", laughs).has("a39"));
  auto tab = expect_config_error([] { Node::parse("y.yaml", "a:\n\t- 1\n"); });
  EXPECT_NE(std::string(tab.what()).find("not valid YAML"), std::string::npos);
}

TEST(SandboxConfig, RefusedWritesAreCountedUnlessSwitchedOff) {
  auto on = parse_sandbox_config(Source(std::nullopt).load("sandbox.yaml"), host_with({}));
  EXPECT_TRUE(on.native.refused_writes);
  std::string text = with_replaced(Source::builtin("sandbox.yaml"), "refused_writes: true", "refused_writes: false");
  auto off = parse_sandbox_config(Node::parse("conf/sandbox.yaml", text), host_with({}));
  EXPECT_FALSE(off.native.refused_writes);
  std::string bad = with_replaced(Source::builtin("sandbox.yaml"), "refused_writes: true", "refused_writes: maybe");
  auto e = expect_config_error([&] { parse_sandbox_config(Node::parse("conf/sandbox.yaml", bad), host_with({})); });
  EXPECT_EQ(e.field(), "native.refused_writes");
  // docker: its own switch, the file's second one.
  EXPECT_TRUE(on.docker.refused_writes);
  EXPECT_TRUE(off.docker.refused_writes);
  std::string docker_text = Source::builtin("sandbox.yaml");
  size_t at = docker_text.rfind("refused_writes: true");
  ASSERT_GT(at, docker_text.find("\ndocker:"));
  std::string docker_off = docker_text;
  docker_off.replace(at, std::string("refused_writes: true").size(), "refused_writes: false");
  auto d = parse_sandbox_config(Node::parse("conf/sandbox.yaml", docker_off), host_with({}));
  EXPECT_FALSE(d.docker.refused_writes);
  EXPECT_TRUE(d.native.refused_writes);
  docker_text.replace(at, std::string("refused_writes: true").size(), "refused_writes: 7");
  auto de = expect_config_error(
      [&] { parse_sandbox_config(Node::parse("conf/sandbox.yaml", docker_text), host_with({})); });
  EXPECT_EQ(de.field(), "docker.refused_writes");
}

}  // namespace mai::config
