// Warm sandboxes on the Docker backend (docker/docker_warm.hpp) against the
// real daemon: a warm container gives what a cold one gives (output, exit
// status, timeout 124, memory kill 137), runs one program and leaves no trace
// for the next, lists its files as a cold one does (its removal following
// nothing planted), takes a finer request's limits or refuses it, and the pool
// recycles stale containers, refills after use and leaves none behind, and
// keeps serving (its refills yielding to runs in flight) under steady load.
// Every test skips, saying why, where no daemon and image exist.
#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <fstream>
#include <iterator>
#include <thread>

#include "common/error.hpp"
#include "common/files.hpp"
#include "sandbox/run_activity.hpp"
#include "sandbox/run_dir_reaper.hpp"
#include "sandbox/warm.hpp"
#include "sandbox/warm_backend.hpp"
#include "sandbox/warm_bootstrap.hpp"
#include "test_util.hpp"

using namespace mai;
using namespace mai::sandbox;
using namespace mai::sandbox::test;

namespace {

class sandboxDockerWarm : public ::testing::Test {
 protected:
  void SetUp() override {
    if (!is_root()) GTEST_SKIP() << "the sandbox tests need root";
    if (!docker_unavailable_reason().empty()) GTEST_SKIP() << docker_unavailable_reason();
    current_kind() = BackendKind::docker;
  }
  void TearDown() override {
    // Spent warm runs are removed off the request path: done before the
    // scratch root goes (their /sandbox mounts would keep it busy).
    RunDirReaper::instance().flush();
    current_kind() = BackendKind::native;
  }
};

WarmShape shape_for(Language lang = Language::python, Limits limits = small_limits()) {
  return warm_shape_of(make_spec("", lang, limits));
}

std::unique_ptr<WarmEntry> warm_entry(Language lang = Language::python, Limits limits = small_limits()) {
  return dynamic_cast<WarmSource&>(backend()).prepare_warm(shape_for(lang, limits), scratch_root(), {});
}

RawOutcome run_warm(const std::string& code, Language lang = Language::python, Limits limits = small_limits()) {
  return warm_entry(lang, limits)->hand_off(make_spec(code, lang, limits))->wait();
}

ExecutionReport report_of(const RawOutcome& o) {
  ExecutionReport r;
  finish_report(o, std::nullopt, r);
  return r;
}

// Every container of this test process's runs, warm ones included, once the
// spent warm runs' removals (off the request path) are done.
size_t containers_left() {
  RunDirReaper::instance().flush();
  docker::Client c(test_config().docker.socket);
  c.negotiate();
  return docker::containers_with_label(c, std::string(docker::kScratchLabel) + "=" + scratch_root()).size();
}

// An entry whose container is gone refuses the code as lost (the run then
// starts cold), and nothing of it is left once it is dropped.
void expect_lost_and_removed(std::unique_ptr<WarmEntry> entry) {
  try {
    entry->hand_off(make_spec("print(1)\n"));
    ADD_FAILURE() << "a container that is gone took the code";
  } catch (const SandboxError& e) {
    EXPECT_EQ(e.code(), kWarmEntryLost) << e.what();
  }
  entry.reset();
  EXPECT_EQ(containers_left(), 0u);
}

// What a program can learn about how it was started.
const char* kIntrospect = R"(import os, sys
print(sorted(globals()))
print(__name__, __file__, type(__loader__).__name__, __spec__, __package__, __doc__, __cached__)
print(sys.argv, sys.orig_argv, sys.path, sys.flags)
print(sorted(sys.modules))
print(sorted((n, os.path.exists('/proc/self/fd/' + n) and os.readlink('/proc/self/fd/' + n).split(':')[0]) for n in os.listdir('/proc/self/fd')), os.getcwd())  # uid and gid: each run's own host id
print(sorted(os.environ.items()))
print(sorted(os.listdir('/sandbox')), sorted(os.listdir('/tmp')), open(__file__).read() == open('/sandbox/main.py').read())
print(os.stat('/sandbox/main.py').st_mode, os.stat('/sandbox/main.py').st_size)
print(sys.stdin.read() == '', sys.stdin.isatty(), os.get_blocking(0), os.get_blocking(1))
# Pid numbers differ (runc's setup takes one more with stdin open), the count does not.
print(len([p for p in os.listdir('/proc') if p.isdigit()]))
def f():
    raise ValueError('from the program')
f()
)";

}  // namespace

TEST_F(sandboxDockerWarm, PythonSeesWhatAColdRunSees) {
  RawOutcome cold = run(kIntrospect);
  RawOutcome warm = run_warm(kIntrospect);
  EXPECT_EQ(warm.failure, "");
  EXPECT_TRUE(warm.exited);
  EXPECT_EQ(warm.exit_status, 1);
  EXPECT_EQ(warm.stdout_data, cold.stdout_data);
  EXPECT_EQ(warm.stderr_data, cold.stderr_data);
  EXPECT_NE(cold.stderr_data.find("ValueError: from the program"), std::string::npos) << cold.stderr_data;
}

TEST_F(sandboxDockerWarm, ExitPathsAndLimitsMatchCold) {
  for (const char* code : {"import sys\nsys.exit(3)\n", "import os, signal\nos.kill(os.getpid(), signal.SIGTERM)\n",
                           "raise KeyboardInterrupt\n", "print('no newline at the end', end='')",
                           "if True:\n  x = (\n"}) {
    RawOutcome cold = run(code);
    RawOutcome warm = run_warm(code);
    EXPECT_EQ(warm.exited, cold.exited) << code;
    EXPECT_EQ(warm.exit_status, cold.exit_status) << code;
    EXPECT_EQ(warm.signal, cold.signal) << code;
    EXPECT_EQ(warm.stdout_data, cold.stdout_data) << code;
    EXPECT_EQ(warm.stderr_data, cold.stderr_data) << code;
  }
  Limits l = small_limits();
  l.timeout_ms = 1500;
  const char* sleeper = "import time\nprint('up', flush=True)\ntime.sleep(60)\n";
  ExecutionReport cold_t = report_of(run(sleeper, Language::python, l));
  ExecutionReport warm_t = report_of(run_warm(sleeper, Language::python, l));
  EXPECT_EQ(warm_t.termination, Termination::timeout);
  EXPECT_EQ(warm_t.exit_code, 124);
  EXPECT_EQ(warm_t.exit_code, cold_t.exit_code);
  EXPECT_EQ(warm_t.stdout_data, "up\n");

  l = small_limits();
  l.memory_bytes = 48ull << 20;
  const char* hog = "x = []\nwhile True:\n    x.append(bytearray(1 << 20))\n";
  ExecutionReport cold_m = report_of(run(hog, Language::python, l));
  ExecutionReport warm_m = report_of(run_warm(hog, Language::python, l));
  EXPECT_EQ(warm_m.termination, Termination::memory_limit);
  EXPECT_EQ(warm_m.exit_code, 137);
  EXPECT_EQ(warm_m.exit_code, cold_m.exit_code);
}

TEST_F(sandboxDockerWarm, ShellWaitsCreatedAndMatchesCold) {
  const char* code = "echo \"$0\" \"$#\" \"$PWD\"; ls -la /sandbox | tail -n +2 | awk '{print $1, $5, $9}'\n"
                     "cat /sandbox/main.sh | wc -c; env | sort; echo err >&2; exit 5\n";
  RawOutcome cold = run(code, Language::shell);
  RawOutcome warm = run_warm(code, Language::shell);
  EXPECT_TRUE(warm.exited);
  EXPECT_EQ(warm.exit_status, 5);
  EXPECT_EQ(warm.stdout_data, cold.stdout_data);
  EXPECT_EQ(warm.stderr_data, cold.stderr_data);
}

TEST_F(sandboxDockerWarm, FinerLimitsReachTheRunOrItStartsCold) {
  Limits finer = small_limits();
  finer.memory_bytes = 48ull << 20;
  finer.pids = 16;
  finer.cpus = 0.5;
  // The container was built for 128 MiB; the run asked for 48 and meets them.
  auto entry = warm_entry();
  RawOutcome o = entry->hand_off(make_spec("import resource\nprint(resource.getrlimit(resource.RLIMIT_NPROC), flush=True)\n"
                                           "x = []\nwhile True:\n    x.append(bytearray(1 << 20))\n",
                                           Language::python, finer))->wait();
  EXPECT_NE(o.stdout_data.find("(20, 20)"), std::string::npos) << o.stdout_data;  // pids + headroom
  EXPECT_TRUE(o.oom_killed);
  EXPECT_LE(o.peak_memory_bytes, finer.memory_bytes);
  EXPECT_EQ(o.limits.memory_bytes, finer.memory_bytes);
  // A limit the daemon will not set (below its 6 MB minimum): refused before
  // anything of the run happened, so the service starts it cold instead.
  Limits tiny = small_limits();
  tiny.memory_bytes = 1 << 20;
  auto refused = warm_entry();
  try {
    refused->hand_off(make_spec("print('ran')\n", Language::python, tiny));
    ADD_FAILURE() << "a limit the daemon refused was not reported";
  } catch (const SandboxError& e) {
    EXPECT_EQ(e.code(), kWarmEntryLost) << e.what();
  }
  // A shell's rlimits are fixed when its container is made: a finer pids
  // limit (nproc) starts cold too.
  auto shell = warm_entry(Language::shell);
  EXPECT_THROW(shell->hand_off(make_spec("true\n", Language::shell, finer)), SandboxError);
  refused.reset();
  shell.reset();
  EXPECT_EQ(containers_left(), 0u);
}

TEST_F(sandboxDockerWarm, AnEntryRunsOneProgramAndTheNextSeesNothingOfIt) {
  auto entry = warm_entry();
  auto next = warm_entry();  // waits while the first runs
  const char* plant = R"(import os, time
open('/tmp/planted', 'w').write('x')
open('/sandbox/planted', 'w').write('x')
if os.fork() == 0:
    os.setsid()
    if os.fork() == 0:
        time.sleep(60)
    os._exit(0)
time.sleep(0.2)
print('planted', sorted(os.listdir('/tmp')), len([p for p in os.listdir('/proc') if p.isdigit()]) > 2)
# The code file is the run's own, as a cold run's (the next entry's is not
# this one); stdin is /dev/null, not the go channel.
open('/sandbox/main.py', 'w').write('print("hijacked")')
print('stdin', os.readlink('/proc/self/fd/0'), repr(os.read(0, 10)))
# Every process it can signal: only its own (the waiting container is out of reach).
try: os.kill(-1, 9)
except OSError: pass
)";
  auto box = entry->hand_off(make_spec(plant));
  EXPECT_THROW(entry->hand_off(make_spec("print('twice')\n")), SandboxError);
  RawOutcome a = box->wait();
  EXPECT_EQ(a.stdout_data, "planted ['planted'] True\nstdin /dev/null b''\n") << a.stderr_data;
  box.reset();
  entry.reset();
  const char* check = R"(import os
for p in ('/tmp/planted', '/sandbox/planted'):
    if os.path.exists(p): print('FOUND', p)
if 'print("hi' + 'jacked")' in open('/sandbox/main.py').read(): print('HIJACKED main.py')
procs = sorted(p for p in os.listdir('/proc') if p.isdigit())
if len(procs) != 2: print('PROCESSES', procs)
print('clean')
)";
  auto second = next->hand_off(make_spec(check));
  RawOutcome b = second->wait();
  EXPECT_EQ(b.stdout_data, "clean\n") << b.stderr_data;
  EXPECT_TRUE(second->collect_files().files.empty());  // nothing of the first, nothing of its own
  second.reset();
  next.reset();
  EXPECT_EQ(containers_left(), 0u);
}

// A warm container's /sandbox is a host tmpfs as a cold one's: the manifest
// lists what the run wrote (its code, as sent, is not), /tmp when asked; a
// symlink the code planted is listed, and the removal off the request path
// follows none of it.
TEST_F(sandboxDockerWarm, FilesOfAWarmRunAreListedAsACold) {
  const std::string victim = scratch_base() + "/victim";
  make_dirs(victim, 0755);
  { std::ofstream(victim + "/keep") << "precious"; }
  const std::string py = "import os\n"
                         "open('out.txt', 'w').write('made')\n"
                         "open('/tmp/t.txt', 'w').write('tmp')\n"
                         "os.symlink('" + victim + "', '/sandbox/link')\n"
                         "os.makedirs('/sandbox/d/e')\n"
                         "os.symlink('" + victim + "', '/sandbox/d/e/deep')\n";
  const std::string sh = "echo made > out.txt; echo tmp > /tmp/t.txt; ln -s " + victim +
                         " /sandbox/link; mkdir -p d/e; ln -s " + victim + " d/e/deep\n";
  for (Language lang : {Language::python, Language::shell}) {
    RunSpec spec = make_spec(lang == Language::python ? py : sh, lang);
    spec.files.collect_tmp = true;
    auto box = warm_entry(lang)->hand_off(spec);
    RawOutcome o = box->wait();
    EXPECT_EQ(o.exit_status, 0) << o.stderr_data;
    FileManifest m = box->collect_files();
    std::vector<std::string> paths;
    for (const auto& f : m.files) paths.push_back(f.path);
    std::sort(paths.begin(), paths.end());
    EXPECT_EQ(paths, (std::vector<std::string>{"/sandbox/d/e/deep", "/sandbox/link", "/sandbox/out.txt", "/tmp/t.txt"}))
        << static_cast<int>(lang);
    box.reset();
  }
  EXPECT_EQ(containers_left(), 0u);  // the reaper's removals are done (flushed)
  std::ifstream keep(victim + "/keep");
  std::string kept((std::istreambuf_iterator<char>(keep)), std::istreambuf_iterator<char>());
  EXPECT_EQ(kept, "precious") << "the removal followed a planted symlink";
  // No host mount of the runs is left (the entries' /sandbox and /tmp).
  std::ifstream info("/proc/self/mountinfo");
  for (std::string line; std::getline(info, line);)
    EXPECT_EQ(line.find(scratch_root()), std::string::npos) << line;
  remove_tree(victim);
}

TEST_F(sandboxDockerWarm, AContainerThatDiedWaitingIsNotUsed) {
  auto entry = warm_entry();
  docker::Client c(test_config().docker.socket);
  c.negotiate();
  auto found = docker::containers_with_label(c, std::string(docker::kScratchLabel) + "=" + scratch_root());
  ASSERT_EQ(found.size(), 1u);
  docker::kill_container(c, found[0].value("Id", std::string()));
  // The daemon ends the attach stream once the container is gone.
  for (int i = 0; i < 200 && docker::inspect_container(c, found[0].value("Id", std::string()))["State"].value("Running", true); ++i)
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
  expect_lost_and_removed(std::move(entry));
}

// A container whose host died between its attach and its start waits on a
// stdin nobody ends; its bootstrap gives up by itself (warm_bootstrap.hpp),
// after twice the pool's max_idle and 5 s more: here max_idle 1 s, so 7 s.
TEST_F(sandboxDockerWarm, AContainerNobodyGivesItsGoEndsItself) {
  auto cfg = test_config();
  cfg.warm.max_idle_ms = 1000;
  auto backend = make_docker_backend(cfg);
  const auto made = std::chrono::steady_clock::now();
  auto entry = dynamic_cast<WarmSource&>(*backend).prepare_warm(shape_for(), scratch_root(), {});
  docker::Client c(cfg.docker.socket);
  c.negotiate();
  auto found = docker::containers_with_label(c, std::string(docker::kScratchLabel) + "=" + scratch_root());
  ASSERT_EQ(found.size(), 1u);
  const std::string id = found[0].value("Id", std::string());
  auto running = [&] { return docker::inspect_container(c, id)["State"].value("Running", false); };
  ASSERT_TRUE(running());
  while (running() && std::chrono::steady_clock::now() - made < std::chrono::seconds(60))
    std::this_thread::sleep_for(std::chrono::milliseconds(200));
  const auto lived = std::chrono::steady_clock::now() - made;
  EXPECT_FALSE(running()) << "still waiting after 60 s";
  EXPECT_GE(lived, std::chrono::seconds(give_up_after(cfg.warm.max_idle_ms)) - std::chrono::milliseconds(500));
  expect_lost_and_removed(std::move(entry));
}

TEST_F(sandboxDockerWarm, ThePoolServesRefillsRecyclesAndLeavesNothing) {
  auto cfg = test_config();
  cfg.warm.min_per_shape = 1;
  cfg.warm.max_per_shape = 1;
  cfg.warm.max_total = 4;
  cfg.warm.max_idle_ms = 4000;
  cfg.warm.min_free_memory_bytes = 0;
  std::shared_ptr<sandbox::Backend> inner = make_docker_backend(cfg);
  auto warm = make_warm_backend(inner, cfg, scratch_root());
  ASSERT_TRUE(warm_counters(*warm));
  // One shape per trust level's Python runs (two levels may share one).
  std::vector<WarmShape> shapes;
  for (auto t : {TrustLevel::unknown, TrustLevel::untrusted, TrustLevel::trusted}) {
    WarmShape s = warm_shape_of(make_spec("", Language::python, clamp_to_host(cfg.limits_for(t))));
    if (std::find(shapes.begin(), shapes.end(), s) == shapes.end()) shapes.push_back(s);
  }
  const size_t ready = shapes.size();
  Limits level = clamp_to_host(cfg.limits_for(TrustLevel::untrusted));
  auto filled = [&](size_t n) {
    for (int k = 0; k < 1200 && warm_counters(*warm)->waiting < n; ++k)
      std::this_thread::sleep_for(std::chrono::milliseconds(50));
    return warm_counters(*warm)->waiting >= n;
  };
  ASSERT_TRUE(filled(ready));
  RawOutcome o = warm->launch(make_spec("print('hi')\n", Language::python, level))->wait();
  EXPECT_EQ(o.stdout_data, "hi\n");
  EXPECT_EQ(warm_counters(*warm)->hits, 1u);
  // Refilled off the request path.
  ASSERT_TRUE(filled(ready));
  EXPECT_EQ(warm->launch(make_spec("print('again')\n", Language::python, level))->wait().stdout_data, "again\n");
  EXPECT_EQ(warm_counters(*warm)->hits, 2u);
  // Unused ones older than max_idle are removed and built anew.
  for (int k = 0; k < 600 && warm_counters(*warm)->expired == 0; ++k)
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
  EXPECT_GT(warm_counters(*warm)->expired, 0u);
  ASSERT_TRUE(filled(ready));
  // The recycled ones are gone (one more may be being built).
  EXPECT_LE(containers_left(), warm_counters(*warm)->waiting + 1);
  // A run no entry can honour (network deps) starts cold.
  RunSpec deps = make_spec("print('cold')\n", Language::python, level);
  deps.network = NetworkMode::deps;
  uint64_t hits = warm_counters(*warm)->hits;
  EXPECT_EQ(warm->launch(deps)->wait().stdout_data, "cold\n");
  EXPECT_EQ(warm_counters(*warm)->hits, hits);
  // Stopping leaves no container behind.
  warm.reset();
  inner.reset();
  EXPECT_EQ(containers_left(), 0u);
}

// Containers killed while they wait (from outside): the run that takes one
// starts cold instead (a container of its own run id), and gets its result.
TEST_F(sandboxDockerWarm, ARunGivenADeadContainerStartsCold) {
  auto cfg = test_config();
  cfg.warm.min_per_shape = 1;
  cfg.warm.max_per_shape = 1;
  cfg.warm.min_free_memory_bytes = 0;  // max_idle stays 60 s: nothing is rebuilt meanwhile
  std::shared_ptr<sandbox::Backend> inner = make_docker_backend(cfg);
  auto warm = make_warm_backend(inner, cfg, scratch_root());
  for (int k = 0; k < 1200 && warm_counters(*warm)->built < 1; ++k)
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
  docker::Client c(test_config().docker.socket);
  c.negotiate();
  auto waiting = docker::containers_with_label(c, std::string(docker::kScratchLabel) + "=" + scratch_root());
  ASSERT_FALSE(waiting.empty());
  for (const auto& e : waiting) docker::kill_container(c, e.value("Id", std::string()));
  // Stopped, or already gone: a killed container may be removed before it is
  // looked at (seen once under load), and that is as dead.
  auto running = [&](const std::string& id) {
    try {
      return docker::inspect_container(c, id)["State"].value("Running", true);
    } catch (const std::exception&) {
      return false;
    }
  };
  for (const auto& e : waiting)
    for (int i = 0; i < 200 && running(e.value("Id", std::string())); ++i)
      std::this_thread::sleep_for(std::chrono::milliseconds(50));
  // The first shape built is the unknown level's (the pool builds them in order).
  RunSpec spec = make_spec("print('still')\n", Language::python, clamp_to_host(cfg.limits_for(TrustLevel::unknown)));
  auto box = warm->launch(spec);
  EXPECT_EQ(warm_counters(*warm)->hits, 1u);  // an entry was taken, and found dead
  auto name = docker::inspect_container(c, box->probe_target().docker_container).value("Name", std::string());
  EXPECT_EQ(name, "/" + docker::run_container_name(spec.run_id));  // a cold start's container
  EXPECT_EQ(box->wait().stdout_data, "still\n");
  box.reset();
  warm.reset();
  inner.reset();
  EXPECT_EQ(containers_left(), 0u);
}

// Two launchers back to back with a run always in flight (as a busy service
// on two cores has): the refills, which yield to runs in flight, still
// happen within refill_yield, so containers built during the load serve
// runs; every run gets its own result, and nothing is left afterwards.
TEST_F(sandboxDockerWarm, SteadyLoadKeepsThePoolServing) {
  auto cfg = test_config();
  cfg.warm.min_per_shape = 1;
  cfg.warm.max_per_shape = 2;
  cfg.warm.max_total = 4;
  cfg.warm.min_free_memory_bytes = 0;
  cfg.warm.refill_yield_ms = 250;
  std::shared_ptr<sandbox::Backend> inner = make_docker_backend(cfg);
  auto warm = make_warm_backend(inner, cfg, scratch_root());
  Limits level = clamp_to_host(cfg.limits_for(TrustLevel::untrusted));
  for (int k = 0; k < 1200 && warm_counters(*warm)->built < 1; ++k)
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
  const uint64_t built_before = warm_counters(*warm)->built;
  std::atomic<int> runs{0}, wrong{0};
  {
    RunActivity::Scope always;  // no quiet moment during the load
    auto launcher = [&] {
      // Until three entries were served warm, at least one of them built under load.
      while (runs.load() < 200 && warm_counters(*warm)->hits < built_before + 2) {
        int n = ++runs;
        RunActivity::Scope run;
        std::string want = "run " + std::to_string(n) + "\n";
        RawOutcome o = warm->launch(make_spec("print('run " + std::to_string(n) + "')\n", Language::python,
                                              level))->wait();
        if (o.stdout_data != want || o.exit_status != 0) ++wrong;
      }
    };
    std::thread a(launcher), b(launcher);
    a.join();
    b.join();
  }
  auto c = *warm_counters(*warm);
  EXPECT_EQ(wrong.load(), 0);
  EXPECT_GE(c.hits, built_before + 2) << runs.load() << " runs, " << c.built << " built";
  EXPECT_GT(c.built, built_before);
  warm.reset();
  inner.reset();
  EXPECT_EQ(containers_left(), 0u);
}
