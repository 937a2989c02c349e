// Several processes at once on one state directory, as concurrent
// `mai-sandbox run` processes are: first runs creating the log together, and
// `audit verify` while runs append (it must never report a live log as
// damaged).
#include <gtest/gtest.h>
#include <spawn.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <csignal>
#include <filesystem>
#include <thread>
#include <string>
#include <vector>

#include "audit/error.hpp"
#include "audit/event_types.hpp"
#include "audit/log.hpp"
#include "audit/show.hpp"
#include "audit/store.hpp"
#include "audit/verifier.hpp"
#include "common/files.hpp"
#include "test_util.hpp"

extern char** environ;

namespace mai::audit {

using testing::default_config;
using testing::TempDir;

namespace {

std::string child() { return executable_dir() + "/audit_log_child"; }

pid_t spawn(const std::vector<std::string>& args) {
  std::vector<char*> argv;
  for (const auto& a : args) argv.push_back(const_cast<char*>(a.c_str()));
  argv.push_back(nullptr);
  pid_t pid = -1;
  if (::posix_spawn(&pid, argv[0], nullptr, nullptr, argv.data(), environ) != 0) return -1;
  return pid;
}

int exit_status(int status) { return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status); }

}  // namespace

// A service holds the log for its whole life: a writer (a `run` on the same
// state directory) that finds it held so gives up at once and names the
// holder, instead of waiting out its lock_wait for nothing. Once the service
// is gone (killed, its mark left behind) the next writer gets in.
TEST(ConcurrentWriters, AWriterFindingTheLogHeldOpenByAServiceGivesUpAtOnceNamingIt) {
  ASSERT_TRUE(path_exists(child())) << child();
  TempDir dir;
  const std::string state = dir.path() + "/state";
  pid_t holder = spawn({child(), "hold", state});
  ASSERT_GT(holder, 0);
  struct Reap {
    pid_t pid;
    ~Reap() {
      ::kill(pid, SIGKILL);
      ::waitpid(pid, nullptr, 0);
    }
  } reap{holder};
  for (int i = 0; i < 6000 && !path_exists(state + "/held"); ++i) {
    ASSERT_EQ(::waitpid(holder, nullptr, WNOHANG), 0) << "the holder died (its error is above)";
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
  ASSERT_TRUE(path_exists(state + "/held"));

  auto cfg = default_config();
  cfg.lock_wait_ms = 120000;
  const auto started = std::chrono::steady_clock::now();
  try {
    auto log = Log::open(state, cfg, false);
    log->append({Event{events::submission, "r1", json{{"code", "print(1)"}}}});
    ADD_FAILURE() << "a writer got in while a service held the log";
  } catch (const AuditError& e) {
    const std::string what = e.what();
    EXPECT_NE(what.find("held open by a running service (pid " + std::to_string(holder) + ": "), std::string::npos)
        << what;
    EXPECT_NE(what.find("audit_log_child hold"), std::string::npos) << what;
    EXPECT_NE(what.find("mai-sandbox submit"), std::string::npos) << what;
  }
  // Far below the 120 s it would otherwise have waited.
  EXPECT_LT(std::chrono::steady_clock::now() - started, std::chrono::seconds(60));

  ::kill(holder, SIGKILL);
  ASSERT_EQ(::waitpid(holder, nullptr, 0), holder);
  EXPECT_TRUE(path_exists(state + "/audit/log.held-open"));  // a killed service's mark stays
  auto log = Log::open(state, cfg, false);
  EXPECT_NO_THROW(log->append({Event{events::submission, "r2", json{{"code", "print(2)"}}}}));
}

TEST(ConcurrentWriters, FirstRunsOnAFreshStateDirectoryAllSucceed) {
  ASSERT_TRUE(path_exists(child())) << child();
  const int processes = 16;
  for (int round = 0; round < 6; ++round) {
    TempDir dir;
    const std::string state = dir.path() + "/state";  // not even the state directory exists yet
    std::vector<pid_t> pids;
    for (int i = 0; i < processes; ++i) pids.push_back(spawn({child(), "open", state}));
    for (pid_t pid : pids) {
      ASSERT_GT(pid, 0);
      int status = 0;
      ASSERT_EQ(::waitpid(pid, &status, 0), pid);
      EXPECT_EQ(exit_status(status), 0) << "round " << round << ": a first run failed (its error is above)";
    }
    auto rep = verify_log(state, default_config(), {});
    EXPECT_TRUE(rep.ok) << rep.reason;
    EXPECT_EQ(rep.records, 1u + processes);  // audit.log_created and one event each
    struct stat st {};
    ASSERT_EQ(::stat((state + "/audit/signing-key.pem").c_str(), &st), 0);
    EXPECT_EQ(st.st_mode & 0777, 0600u);
    ASSERT_EQ(::stat((state + "/audit").c_str(), &st), 0);
    EXPECT_EQ(st.st_mode & 0777, 0700u);
    // Nothing half-made is left beside the log.
    for (const auto& e : std::filesystem::directory_iterator(state + "/audit"))
      EXPECT_TRUE(e.path().filename() == "log" || e.path().filename() == "signing-key.pem") << e.path();
  }
}

TEST(ConcurrentWriters, VerifyWhileRunsAppendNeverReportsALiveLogAsDamaged) {
  ASSERT_TRUE(path_exists(child())) << child();
  TempDir dir;
  Log::open(dir.path(), default_config(), false);
  const int writers = 4, runs = 25;
  std::vector<pid_t> pids;
  for (int i = 0; i < writers; ++i)
    pids.push_back(spawn({child(), "runs", dir.path(), "w" + std::to_string(i), std::to_string(runs)}));
  int verifies = 0, running = writers;
  uint64_t last = 0;
  // Verify, list and export over and over until every writer is done.
  while (running > 0 || verifies < 10) {
    auto rep = verify_log(dir.path(), default_config(), {});
    ASSERT_TRUE(rep.ok) << "verify " << verifies << " of a live log: " << rep.reason;
    EXPECT_GE(rep.records, last);
    last = rep.records;
    auto records = query_records(dir.path(), default_config(), ShowQuery{});
    EXPECT_GE(records.size(), rep.records);
    ++verifies;
    for (auto& pid : pids) {
      if (pid <= 0) continue;
      int status = 0;
      if (::waitpid(pid, &status, WNOHANG) == pid) {
        EXPECT_EQ(exit_status(status), 0);
        pid = 0;
        --running;
      }
    }
  }
  auto rep = verify_log(dir.path(), default_config(), {});
  ASSERT_TRUE(rep.ok) << rep.reason;
  EXPECT_EQ(rep.records, 1u + writers * runs * 5);
  std::cerr << verifies << " verifications while " << writers << " processes appended\n";
}

}  // namespace mai::audit
