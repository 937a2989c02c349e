// Turning what happened into the contract's exit statuses and terminations.
#include <gtest/gtest.h>

#include <thread>

#include "sandbox/environment.hpp"
#include "sandbox/init_spec.hpp"
#include "sandbox/run_dir.hpp"
#include "sandbox/sandbox.hpp"

using namespace mai;
using namespace mai::sandbox;

namespace {

ExecutionReport classify(RawOutcome raw, std::optional<Violation> v = std::nullopt) {
  raw.limits.memory_bytes = 256ull << 20;
  raw.limits.timeout_ms = 2000;
  raw.limits.pids = 64;
  ExecutionReport r;  // limits left empty, as the executor fills them afterwards
  finish_report(raw, v, r);
  return r;
}

}  // namespace

TEST(sandboxOutcome, ExitedKeepsTheProgramsStatus) {
  RawOutcome o;
  o.exited = true;
  o.exit_status = 3;
  o.stdout_data = "x";
  auto r = classify(o);
  EXPECT_EQ(r.termination, Termination::exited);
  EXPECT_EQ(r.exit_code, 3);
  EXPECT_FALSE(r.signal);
  EXPECT_EQ(r.stdout_data, "x");
  EXPECT_EQ(r.violation, "");
}

TEST(sandboxOutcome, SignalIs128PlusN) {
  RawOutcome o;
  o.signal = 11;
  auto r = classify(o);
  EXPECT_EQ(r.termination, Termination::signaled);
  EXPECT_EQ(r.exit_code, 139);
  EXPECT_EQ(r.signal, 11);
}

TEST(sandboxOutcome, TimeoutIs124) {
  RawOutcome o;
  o.timed_out = true;
  o.signal = 9;
  auto r = classify(o);
  EXPECT_EQ(r.termination, Termination::timeout);
  EXPECT_EQ(r.exit_code, 124);
  EXPECT_EQ(r.violation, "wall-clock timeout of 2s reached");
}

TEST(sandboxOutcome, ResourceKillsAre137) {
  RawOutcome oom;
  oom.signal = 9;
  oom.oom_killed = true;
  auto r = classify(oom);
  EXPECT_EQ(r.termination, Termination::memory_limit);
  EXPECT_EQ(r.exit_code, 137);
  EXPECT_EQ(r.violation, "memory limit of 256MiB reached");

  RawOutcome flood;
  flood.output_flood = true;
  flood.signal = 9;
  EXPECT_EQ(classify(flood).termination, Termination::output_limit);
  EXPECT_EQ(classify(flood).exit_code, 137);

  RawOutcome pids;
  pids.exited = true;
  pids.exit_status = 1;
  pids.pids_limit_hit = true;
  EXPECT_EQ(classify(pids).termination, Termination::pids_limit);
  EXPECT_EQ(classify(pids).exit_code, 137);

  RawOutcome killed;
  killed.killed = true;
  killed.signal = 9;
  EXPECT_EQ(classify(killed).termination, Termination::killed);
  EXPECT_EQ(classify(killed).exit_code, 137);
}

TEST(sandboxOutcome, MonitorVerdictWins) {
  RawOutcome o;
  o.signal = 9;
  o.killed = true;
  auto r = classify(o, Violation{Termination::disk_limit, "disk limit of 64MiB reached on a writable mount"});
  EXPECT_EQ(r.termination, Termination::disk_limit);
  EXPECT_EQ(r.exit_code, 137);
  EXPECT_EQ(r.violation, "disk limit of 64MiB reached on a writable mount");
  EXPECT_EQ(r.signal, 9);
}

TEST(sandboxOutcome, OomButProgramExitedItselfIsExited) {
  RawOutcome o;
  o.exited = true;
  o.exit_status = 0;
  o.oom_killed = true;  // a child was OOM-killed, the program carried on
  EXPECT_EQ(classify(o).termination, Termination::exited);
}

TEST(sandboxCheckViolation, EachLimit) {
  Limits l;
  l.memory_bytes = 256ull << 20;
  l.pids = 64;
  l.tmpfs_bytes = 64ull << 20;
  ResourceSample s;
  EXPECT_FALSE(check_violation({s, false, false}, l));
  EXPECT_EQ(check_violation({s, true, false}, l)->termination, Termination::memory_limit);
  EXPECT_EQ(check_violation({s, false, true}, l)->termination, Termination::pids_limit);
  EXPECT_EQ(check_violation({s, false, true}, l)->reason, "process limit of 64 reached (a fork was refused)");
  s.disk_bytes = 64ull << 20;
  EXPECT_EQ(check_violation({s, false, false}, l)->termination, Termination::disk_limit);
}

TEST(sandboxClampToHost, NeverMoreThanTheHostHas) {
  Limits l;
  l.cpus = 4096;
  l.memory_bytes = ~0ull;
  l.pids = 10;
  Limits c = clamp_to_host(l);
  EXPECT_LE(c.cpus, static_cast<double>(std::thread::hardware_concurrency()));
  EXPECT_LT(c.memory_bytes, ~0ull);
  EXPECT_EQ(c.pids, 10u);
  Limits small;
  small.cpus = 0.5;
  small.memory_bytes = 1 << 20;
  EXPECT_EQ(clamp_to_host(small).cpus, 0.5);
  EXPECT_EQ(clamp_to_host(small).memory_bytes, 1u << 20);
}

TEST(sandboxInitSpec, RoundTripsAndRejectsBadNames) {
  InitSpec s;
  s.argv = {"/usr/bin/python3", "/sandbox/main.py"};
  s.env = {"A=b"};
  s.code_name = "main.py";
  s.tmpfs_bytes = 123;
  s.deps_network = true;
  s.proxy_port = 3128;
  InitSpec d = decode_spec(encode_spec(s));
  EXPECT_EQ(d.argv, s.argv);
  EXPECT_EQ(d.env, s.env);
  EXPECT_EQ(d.tmpfs_bytes, 123u);
  EXPECT_TRUE(d.deps_network);
  EXPECT_EQ(d.proxy_port, 3128);
  s.code_name = "../x";
  EXPECT_ANY_THROW(decode_spec(encode_spec(s)));
  EXPECT_ANY_THROW(decode_spec("{"));
}

TEST(sandboxEnvironment, SmallDocumentedSet) {
  auto env = sandbox_environment(NetworkMode::none, 0);
  EXPECT_EQ(env, (std::vector<std::string>{"PATH=/usr/local/bin:/usr/bin:/bin", "HOME=/sandbox",
                                           "LANG=C.UTF-8", "TMPDIR=/tmp", "PYTHONDONTWRITEBYTECODE=1",
                                           "PYTHONUNBUFFERED=1", "USER=sandbox"}));
  auto deps = sandbox_environment(NetworkMode::deps, 3128);
  EXPECT_EQ(deps.size(), env.size() + 4);
  EXPECT_EQ(deps.back(), "https_proxy=http://127.0.0.1:3128");
}

TEST(sandboxRunId, Validation) {
  EXPECT_TRUE(valid_run_id("0123456789abcdef"));
  EXPECT_FALSE(valid_run_id("0123456789abcde"));
  EXPECT_FALSE(valid_run_id("0123456789abcdeF"));
  EXPECT_FALSE(valid_run_id("../../../../etc/x"));
  EXPECT_FALSE(valid_run_id(std::string(65, 'a')));
}
