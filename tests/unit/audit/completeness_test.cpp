// The completeness checks of `audit verify` (docs/audit-format.md section 7,
// item 7): logs whose records are all genuinely signed but whose story is
// incomplete or contradictory, as a buggy or subverted writer would leave
// them. Each must fail, naming the first record that breaks a rule; each
// complete story must pass.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "audit/event_types.hpp"
#include "audit/log.hpp"
#include "audit/verifier.hpp"
#include "test_util.hpp"

namespace mai::audit {

using testing::default_config;
using testing::ev;
using testing::TempDir;

namespace {

const std::string kCode = std::string(64, 'c'), kOther = std::string(64, 'd');

Event submission(const std::string& id, const std::string& hash = kCode) {
  return ev(events::submission, id, {{"code", "print(1)"}, {"code_sha256", hash}});
}
Event assessment(const std::string& id, const std::string& level, const std::string& hash = kCode) {
  return ev(events::assessment, id, {{"level", level}, {"code_sha256", hash}, {"findings", json::array()}});
}
Event override_of(const std::string& id, const std::string& hash = kCode, const std::string& by = "alice") {
  return ev(events::override_granted, id, {{"reason", "reviewed"}, {"given_by", by}, {"code_sha256", hash}});
}
Event start(const std::string& id) { return ev(events::execution_start, id, {{"run_id", id + "-run"}}); }
Event end(const std::string& id) { return ev(events::execution_end, id, {{"exit_code", 0}}); }

struct Case {
  const char* name;
  std::vector<Event> events;
  int bad_index;  // index in `events` of the first bad record, -1 when the story is complete
  const char* reason;
};

VerifyReport verify_story(const std::vector<Event>& events) {
  TempDir dir;
  {
    auto log = Log::open(dir.path(), default_config(), false);
    log->append(events);  // genuinely signed: only the story is wrong
  }
  return verify_log(dir.path(), default_config(), {});
}

}  // namespace

TEST(Completeness, EachBrokenRuleIsNamed) {
  const std::vector<Case> cases = {
      {"a complete LOW run", {submission("a"), assessment("a", "LOW"), start("a"), end("a")}, -1, ""},
      {"a complete overridden BLOCKED run",
       {submission("a"), assessment("a", "BLOCKED"), override_of("a"), start("a"), end("a")}, -1, ""},
      {"a BLOCKED request that was not run",
       {submission("a"), assessment("a", "BLOCKED"), ev(events::blocked, "a", {{"code_sha256", kCode}})}, -1, ""},
      {"one request id reused by two flows at once",
       {submission("a"), submission("a", kOther), assessment("a", "LOW"), assessment("a", "BLOCKED", kOther),
        ev(events::blocked, "a", {{"code_sha256", kOther}}), start("a"), end("a")},
       -1, ""},
      {"execution without assessment", {submission("a"), start("a")}, 1, "without an assessment"},
      {"BLOCKED code executed without an override",
       {submission("a"), assessment("a", "BLOCKED"), start("a")}, 2, "without an override"},
      {"BLOCKED code executed after it was recorded as blocked",
       {submission("a"), assessment("a", "BLOCKED"), ev(events::blocked, "a", {{"code_sha256", kCode}}), start("a")},
       3, "without an override"},
      {"an override for other code than was assessed",
       {submission("a"), assessment("a", "BLOCKED"), override_of("a", kOther), start("a")}, 2,
       "allows code"},
      {"an override that names no code",
       {submission("a"), assessment("a", "BLOCKED"),
        ev(events::override_granted, "a", {{"reason", "r"}, {"given_by", "alice"}})},
       2, "does not name the code"},
      {"an override given by nobody", {submission("a"), assessment("a", "BLOCKED"), override_of("a", kCode, "")}, 2,
       "given by nobody"},
      {"an override without a reason",
       {submission("a"), assessment("a", "BLOCKED"),
        ev(events::override_granted, "a", {{"reason", ""}, {"given_by", "alice"}, {"code_sha256", kCode}})},
       2, "without a reason"},
      {"an override without a BLOCKED assessment",
       {submission("a"), assessment("a", "HIGH"), override_of("a")}, 2, "without a BLOCKED assessment"},
      {"two runs on one assessment", {submission("a"), assessment("a", "LOW"), start("a"), end("a"), start("a")}, 4,
       "one run per assessment"},
      {"an assessment of other code than was submitted",
       {submission("a"), assessment("a", "LOW", kOther)}, 1, "which was not submitted"},
      {"an assessment of a request never submitted", {assessment("a", "LOW")}, 0, "never submitted"},
      {"blocked without a BLOCKED assessment",
       {submission("a"), assessment("a", "LOW"), ev(events::blocked, "a", {{"code_sha256", kCode}})}, 2,
       "without a BLOCKED assessment"},
      {"an end without a start", {submission("a"), assessment("a", "LOW"), end("a")}, 2, "without an execution.start"},
      {"abandoned without a reason",
       {submission("a"), assessment("a", "LOW"), start("a"), ev(events::execution_abandoned, "a")}, 3,
       "without a reason"},
      {"a start never closed before the service restarted",
       {submission("a"), assessment("a", "LOW"), start("a"), ev(events::service_start, "")}, 2, "never ended"},
  };
  for (const auto& c : cases) {
    auto rep = verify_story(c.events);
    if (c.bad_index < 0) {
      EXPECT_TRUE(rep.ok) << c.name << ": " << rep.reason;
      continue;
    }
    EXPECT_FALSE(rep.ok) << c.name;
    // Record 0 is audit.log_created: event i is record i + 1.
    EXPECT_EQ(rep.first_bad_seq, static_cast<uint64_t>(c.bad_index + 1)) << c.name << ": " << rep.reason;
    EXPECT_NE(rep.reason.find(c.reason), std::string::npos) << c.name << ": " << rep.reason;
  }
}

TEST(Completeness, AStartStillOpenAtTheEndIsANoteAndAbandoningClosesIt) {
  TempDir dir;
  auto log = Log::open(dir.path(), default_config(), false);
  log->append({submission("x"), assessment("x", "LOW"), start("x")});
  auto rep = verify_log(dir.path(), default_config(), {});
  EXPECT_TRUE(rep.ok) << rep.reason;
  EXPECT_EQ(rep.warnings.size(), 1u);  // it may be running
  EXPECT_EQ(log->abandon_open_executions("service restarted"), std::vector<std::string>{"x"});
  log->append({ev(events::service_start, "")});
  rep = verify_log(dir.path(), default_config(), {});
  EXPECT_TRUE(rep.ok) << rep.reason;
  EXPECT_TRUE(rep.warnings.empty());
}

}  // namespace mai::audit
