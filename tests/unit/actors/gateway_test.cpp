// The gateway's decisions, one submission at a time on the deterministic
// scheduler: what each assessment level leads to (run, refuse, run on
// override), how an executor's refusal becomes the result, the size limit,
// and that every step is on record before the answer.
#include <gtest/gtest.h>

#include <set>

#include "actors/gateway.hpp"
#include "audit/event_types.hpp"
#include "config/config_source.hpp"
#include "deterministic.hpp"
#include "fakes.hpp"

namespace mai::actors::testing {

namespace {

namespace ev = audit::events;

class GatewayTest : public ::testing::Test {
 protected:
  GatewayTest() {
    book = std::make_shared<AuditBook>();
    assessor = std::make_shared<AssessorScript>();
    executor = std::make_shared<ExecutorScript>();
    executor->answer_at_once = true;
    auto s = std::make_shared<GatewaySettings>();
    s->sandbox = config::parse_sandbox_config(config::Source(std::nullopt).load("sandbox.yaml"));
    s->sandbox.max_code_bytes = 64;
    s->assessor = t.spawn(scripted_assessor, assessor);
    s->executor = caf::actor_cast<executor_actor>(t.spawn(scripted_executor, executor));
    s->auditor = t.spawn(recording_auditor, book);
    gateway = t.spawn(actors::gateway, std::shared_ptr<const GatewaySettings>(s));
  }

  Submission submission(std::string code = "print('hi')") {
    Submission sub;
    sub.request_id = "req-1";
    sub.code = std::move(code);
    sub.client = "CN=mai";
    return sub;
  }

  RunResult submit(const Submission& sub) {
    caf::error error;
    auto result = t.ask<RunResult>(gateway, &error, submit_atom::value, sub, caf::actor{});
    EXPECT_TRUE(result) << "no result: " << t.sys().render(error);
    return result.value_or(RunResult{});
  }

  Deterministic t;
  std::shared_ptr<AuditBook> book;
  std::shared_ptr<AssessorScript> assessor;
  std::shared_ptr<ExecutorScript> executor;
  gateway_actor gateway;
};

}  // namespace

TEST_F(GatewayTest, LowRiskCodeRunsAndEveryStepIsOnRecordBeforeTheAnswer) {
  RunResult r = submit(submission());
  EXPECT_EQ(r.status, RunStatus::completed);
  ASSERT_EQ(executor->seen.size(), 1u);
  EXPECT_EQ(executor->seen[0].code, "print('hi')");
  EXPECT_EQ(executor->seen[0].request_id, "req-1");
  EXPECT_EQ(book->types(), (std::vector<std::string>{ev::submission, ev::assessment, ev::result}));
  // The receipt covers exactly this submission's records.
  ASSERT_TRUE(r.audit);
  EXPECT_EQ(r.audit->seq_first, 1u);
  EXPECT_EQ(r.audit->seq_last, 3u);
  for (const auto& e : book->events) EXPECT_EQ(e.request_id, "req-1");
}

TEST_F(GatewayTest, HighRiskCodeStillRuns) {
  assessor->level = RiskLevel::high;
  RunResult r = submit(submission());
  EXPECT_EQ(r.status, RunStatus::completed);
  EXPECT_EQ(executor->seen.size(), 1u);
}

TEST_F(GatewayTest, BlockedCodeIsRefusedAndNeverReachesTheExecutor) {
  assessor->level = RiskLevel::blocked;
  RunResult r = submit(submission());
  EXPECT_EQ(r.status, RunStatus::blocked);
  ASSERT_TRUE(r.error);
  EXPECT_EQ(r.error->code, "blocked");
  EXPECT_EQ(r.error->message, "it deletes your home directory");
  EXPECT_TRUE(executor->seen.empty());
  EXPECT_EQ(book->count(ev::blocked), 1u);
  EXPECT_EQ(book->count(ev::override_granted), 0u);
  EXPECT_EQ(book->types().back(), ev::result);
}

TEST_F(GatewayTest, AnOverrideRunsBlockedCodeAndRecordsWhoGaveItAndWhy) {
  assessor->level = RiskLevel::blocked;
  Submission sub = submission();
  sub.override_reason = "I read it: it only lists /tmp";
  RunResult r = submit(sub);
  EXPECT_EQ(r.status, RunStatus::completed);
  EXPECT_EQ(executor->seen.size(), 1u);
  ASSERT_EQ(book->count(ev::override_granted), 1u);
  json o = book->data_of(ev::override_granted);
  EXPECT_EQ(o["reason"], "I read it: it only lists /tmp");
  EXPECT_EQ(o["given_by"], "CN=mai");
  EXPECT_EQ(o["assessed_level"], "BLOCKED");
  // The override is recorded before the run starts.
  EXPECT_EQ(book->types(), (std::vector<std::string>{ev::submission, ev::assessment,
                                                     ev::override_granted, ev::result}));
}

// The code may import or run its inputs: the programs among them go to the
// assessor with the code (data files do not), and an override names them too.
TEST_F(GatewayTest, TheProgramsAmongTheInputsAreAssessedWithTheCode) {
  Submission sub = submission("import helper");
  sub.inputs = {InputFile{"helper.py", "import os\n"}, InputFile{"data.csv", "a,b\n1,2\n"},
                InputFile{"bin/tool", "#!/bin/sh\necho hi\n"}};
  submit(sub);
  ASSERT_EQ(assessor->inputs_seen.size(), 1u);
  const CodeInputs& seen = assessor->inputs_seen[0];
  ASSERT_EQ(seen.files.size(), 2u);
  EXPECT_EQ(seen.files[0].name, "helper.py");
  EXPECT_EQ(seen.files[0].data, "import os\n");
  EXPECT_EQ(seen.files[1].name, "bin/tool");
  EXPECT_EQ(seen.files[1].language, Language::shell);
  // Every input still reaches the executor, data and programs alike.
  ASSERT_EQ(executor->seen.size(), 1u);
  EXPECT_EQ(executor->seen[0].inputs.size(), 3u);
  EXPECT_EQ(book->data_of(ev::assessment)["inputs"].size(), 2u);
}

TEST_F(GatewayTest, AnOverrideNamesTheProgramInputsItAllows) {
  assessor->level = RiskLevel::blocked;
  Submission sub = submission("import helper");
  sub.inputs = {InputFile{"helper.py", "import os\n"}};
  sub.override_reason = "reviewed helper.py";
  RunResult r = submit(sub);
  EXPECT_EQ(r.status, RunStatus::completed);
  json o = book->data_of(ev::override_granted);
  ASSERT_EQ(o["inputs"].size(), 1u);
  EXPECT_EQ(o["inputs"][0]["name"], "helper.py");
  EXPECT_EQ(o["inputs"][0]["sha256"], "11");
  EXPECT_EQ(o["inputs"][0]["level"], "BLOCKED");
}

TEST_F(GatewayTest, AnOverrideOfCodeThatIsNotBlockedIsNotRecordedAsOne) {
  Submission sub = submission();
  sub.override_reason = "just in case";
  submit(sub);
  EXPECT_EQ(book->count(ev::override_granted), 0u);
}

TEST_F(GatewayTest, AFullExecutorRejectsAsOverloadedOnRecord) {
  executor->refusal = make_error(errc::overloaded, "all 2 sandbox slots are busy");
  RunResult r = submit(submission());
  EXPECT_EQ(r.status, RunStatus::rejected);
  ASSERT_TRUE(r.error);
  EXPECT_EQ(r.error->code, "overloaded");
  EXPECT_EQ(r.error->message, "all 2 sandbox slots are busy");
  EXPECT_EQ(book->count(ev::rejected), 1u);
  EXPECT_EQ(book->count(ev::failed), 0u);
  EXPECT_TRUE(r.audit);
}

TEST_F(GatewayTest, AnExecutorErrorKeepsItsCode) {
  executor->refusal = make_error(errc::worker_lost, "the worker went away");
  RunResult r = submit(submission());
  EXPECT_EQ(r.status, RunStatus::failed);
  ASSERT_TRUE(r.error);
  EXPECT_EQ(r.error->code, "worker_lost");
  EXPECT_EQ(book->data_of(ev::failed)["code"], "worker_lost");
}

TEST_F(GatewayTest, AnErrorWithoutACodeIsASandboxFailure) {
  executor->refusal = caf::make_error(caf::sec::runtime_error);
  RunResult r = submit(submission());
  EXPECT_EQ(r.status, RunStatus::failed);
  ASSERT_TRUE(r.error);
  EXPECT_EQ(r.error->code, "sandbox_failed");
}

TEST_F(GatewayTest, CodeOverTheLimitIsRejectedOnRecordBeforeAssessment) {
  RunResult r = submit(submission(std::string(65, 'x')));
  EXPECT_EQ(r.status, RunStatus::rejected);
  ASSERT_TRUE(r.error);
  EXPECT_EQ(r.error->code, "code_too_large");
  EXPECT_EQ(assessor->calls, 0);
  EXPECT_TRUE(executor->seen.empty());
  // Not even the code is kept: only the refusal is on record.
  EXPECT_EQ(book->types(), (std::vector<std::string>{ev::rejected}));
  EXPECT_EQ(book->data_of(ev::rejected)["code"], "code_too_large");
}

TEST_F(GatewayTest, CodeAtTheLimitIsAccepted) {
  RunResult r = submit(submission(std::string(64, 'x')));
  EXPECT_EQ(r.status, RunStatus::completed);
  EXPECT_EQ(assessor->calls, 1);
}

TEST_F(GatewayTest, NothingRunsWhenTheLogRefusesTheSubmission) {
  book->refuse = true;
  RunResult r = submit(submission());
  EXPECT_EQ(r.status, RunStatus::failed);
  ASSERT_TRUE(r.error);
  EXPECT_EQ(r.error->code, "audit_failed");
  EXPECT_EQ(assessor->calls, 0);
  EXPECT_TRUE(executor->seen.empty());
  EXPECT_FALSE(r.audit);
}

TEST_F(GatewayTest, ARefusalBeforeAssessmentIsRecordedAsRejected) {
  caf::error error;
  auto r = t.ask<RunResult>(gateway, &error, reject_atom::value, submission(),
                            std::string("too_many_requests"), std::string("16 runs at once"));
  ASSERT_TRUE(r) << t.sys().render(error);
  EXPECT_EQ(r->status, RunStatus::rejected);
  EXPECT_EQ(r->error->code, "too_many_requests");
  EXPECT_EQ(assessor->calls, 0);
  EXPECT_EQ(book->types(), (std::vector<std::string>{ev::submission, ev::rejected}));
}

TEST_F(GatewayTest, ConcurrentSubmissionsEachGetTheirOwnResult) {
  Submission a = submission(), b = submission("print(2)");
  a.request_id = "req-a";
  b.request_id = "req-b";
  t.self()->send(gateway, submit_atom::value, a, caf::actor{});
  t.self()->send(gateway, submit_atom::value, b, caf::actor{});
  t.run();
  std::set<std::string> ids;
  for (int i = 0; i < 2; ++i) {
    auto r = t.take<RunResult>();
    ASSERT_TRUE(r);
    EXPECT_EQ(r->status, RunStatus::completed);
    ids.insert(r->request_id);
    ASSERT_TRUE(r->audit);
    // The receipt spans this request's three records, whatever came between.
    size_t own = 0;
    for (uint64_t seq = r->audit->seq_first; seq <= r->audit->seq_last; ++seq)
      own += book->events[seq - 1].request_id == r->request_id;
    EXPECT_EQ(own, 3u);
  }
  EXPECT_EQ(ids, (std::set<std::string>{"req-a", "req-b"}));
  EXPECT_EQ(book->count(ev::result), 2u);
}

}  // namespace mai::actors::testing
