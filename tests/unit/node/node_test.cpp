// The node builder end to end in one process: a real assessor, RocksDB log,
// auditor and actors, built by start_node() from a NodeSpec. Nothing here
// runs a sandbox: a BLOCKED submission goes the whole way through the
// gateway without one.
#include <gtest/gtest.h>

#include <fstream>
#include <sstream>

#include "audit/event_types.hpp"
#include "audit/show.hpp"
#include "audit/verifier.hpp"
#include "common/error.hpp"
#include "common/files.hpp"
#include "common/ids.hpp"
#include "node/node.hpp"
#include "node/node_config.hpp"

namespace mai::node {

namespace {

struct TempState {
  std::string path = "/tmp/mai-node-test-" + random_hex(6);
  ~TempState() { remove_tree(path); }
};

std::vector<audit::Record> records(const std::string& state) {
  auto cfg = load_node_config(config::Source(std::nullopt)).audit;
  return audit::query_records(state, cfg, {});
}

bool log_verifies(const std::string& state) {
  auto cfg = load_node_config(config::Source(std::nullopt)).audit;
  auto report = audit::verify_log(state, cfg, {});
  EXPECT_TRUE(report.ok) << report.reason;
  return report.ok;
}

std::string read_file(const std::string& path) {
  std::ifstream in(path);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

}  // namespace

TEST(NodeBuilder, ALocalRunNodeTakesASubmissionThroughItsGatewayOnRecord) {
  TempState state;
  NodeSpec spec;
  spec.kind = NodeKind::local_run;
  spec.state_dir = state.path;
  auto node = start_node(spec);
  Submission sub;
  sub.request_id = "req-node-1";
  sub.code = read_file(std::string(MAI_SOURCE_DIR) + "/examples/reverse_shell.py");
  std::optional<RunResult> result;
  {
    caf::scoped_actor self{node->system()};
    self->request(node->gateway(), std::chrono::minutes(2), submit_atom::value, sub, caf::actor{})
        .receive([&](RunResult& r) { result = std::move(r); },
                 [&](caf::error& e) { ADD_FAILURE() << node->system().render(e); });
  }
  node->stop();
  node.reset();
  ASSERT_TRUE(result);
  EXPECT_EQ(result->status, RunStatus::blocked);
  ASSERT_TRUE(result->audit);  // signed by the node's auditor
  std::vector<std::string> types;
  for (const auto& r : records(state.path))
    if (r.request_id == "req-node-1") types.push_back(r.type);
  EXPECT_EQ(types, (std::vector<std::string>{audit::events::submission, audit::events::assessment,
                                             audit::events::blocked, audit::events::result}));
  EXPECT_TRUE(log_verifies(state.path));
}

TEST(NodeBuilder, ACoordinatorRecordsItsStartAndStopThroughItsAuditor) {
  TempState state;
  std::vector<std::string> lines;
  NodeSpec spec;
  spec.kind = NodeKind::coordinator;
  spec.state_dir = state.path;
  spec.listen = Endpoint{"0.0.0.0", 0};
  spec.slots = 0;
  spec.log = [&](const std::string& line) { lines.push_back(line); };
  auto node = start_node(spec);
  // Without TLS it listens on loopback only, whatever was asked, and says so.
  EXPECT_EQ(node->listening().host, "127.0.0.1");
  EXPECT_NE(node->listening().port, 0);
  EXPECT_FALSE(node->uses_tls());
  ASSERT_FALSE(lines.empty());
  EXPECT_NE(lines.front().find("loopback only"), std::string::npos) << lines.front();
  std::string listen = node->listening().to_string();
  node->stop("Terminated");
  node.reset();

  auto all = records(state.path);
  ASSERT_GE(all.size(), 2u);
  const audit::Record* start = nullptr;
  for (const auto& r : all)
    if (r.type == audit::events::service_start) start = &r;
  ASSERT_NE(start, nullptr);
  EXPECT_EQ(start->data["listen"], listen);
  EXPECT_EQ(start->data["transport"], "plain-tcp");
  // The last record: nothing was written after the auditor stopped.
  EXPECT_EQ(all.back().type, audit::events::service_stop);
  EXPECT_EQ(all.back().data["signal"], "Terminated");
  EXPECT_TRUE(log_verifies(state.path));
}

TEST(NodeBuilder, AWorkerRefusesPlainTcpToAnotherHostBeforeTouchingItsState) {
  TempState state;
  NodeSpec spec;
  spec.kind = NodeKind::worker;
  spec.state_dir = state.path;
  spec.join = Endpoint{"192.0.2.1", 4000};
  EXPECT_THROW(start_node(spec), UsageError);
  EXPECT_FALSE(path_exists(state.path));
}

TEST(NodeBuilder, ABadConfigurationStopsTheNodeBeforeItStarts) {
  TempState state, config;
  make_dirs(config.path, 0700);
  std::string yaml = config::Source::builtin("sandbox.yaml");
  auto at = yaml.find("max_concurrent: 0");
  ASSERT_NE(at, std::string::npos);
  yaml.replace(at, 17, "max_concurrent: many");
  std::ofstream(config.path + "/sandbox.yaml") << yaml;
  NodeSpec spec;
  spec.kind = NodeKind::local_run;
  spec.config = config::Source(config.path);
  spec.state_dir = state.path;
  try {
    start_node(spec);
    ADD_FAILURE() << "a node started with max_concurrent: many";
  } catch (const ConfigError& e) {
    EXPECT_NE(std::string(e.what()).find("max_concurrent"), std::string::npos) << e.what();
  }
  EXPECT_FALSE(path_exists(state.path));
}

}  // namespace mai::node
