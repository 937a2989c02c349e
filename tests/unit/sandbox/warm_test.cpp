// Warm sandboxes (warm.hpp, warm_pool.hpp, warm_backend.hpp): a program run
// in one must see exactly what a cold run sees; a finer request's limits must
// reach it; one run must not reach a waiting sandbox or the next run; the
// pool must refill, expire, learn and stay within its bounds.
#include <gtest/gtest.h>

#include <atomic>
#include <dirent.h>
#include <filesystem>
#include <functional>
#include <fstream>
#include <sys/stat.h>
#include <thread>

#include "common/error.hpp"
#include "sandbox/prepared_backend.hpp"
#include "sandbox/run_dir.hpp"
#include "sandbox/run_activity.hpp"
#include "sandbox/run_dir_reaper.hpp"
#include "sandbox/warm.hpp"
#include "sandbox/warm_backend.hpp"
#include "sandbox/warm_pool.hpp"
#include "test_util.hpp"

using namespace mai;
using namespace mai::sandbox;
using namespace mai::sandbox::test;

namespace {

WarmSource& warm_source() { return dynamic_cast<WarmSource&>(backend()); }

WarmShape shape_for(Language lang = Language::python, Limits limits = small_limits()) {
  RunSpec spec = make_spec("", lang, limits);
  return warm_shape_of(spec);
}

std::unique_ptr<WarmEntry> warm_entry(Language lang = Language::python, Limits limits = small_limits()) {
  return warm_source().prepare_warm(shape_for(lang, limits), scratch_root(), {});
}

RawOutcome run_warm(const std::string& code, Language lang = Language::python, Limits limits = small_limits()) {
  auto entry = warm_entry(lang, limits);
  return entry->hand_off(make_spec(code, lang, limits))->wait();
}

// Host processes whose real uid is one of `ids`.
std::vector<pid_t> processes_of(const std::vector<uint32_t>& ids) {
  std::vector<pid_t> out;
  DIR* d = ::opendir("/proc");
  while (dirent* e = d ? ::readdir(d) : nullptr) {
    if (e->d_name[0] < '1' || e->d_name[0] > '9') continue;
    std::ifstream in(std::string("/proc/") + e->d_name + "/status");
    std::string line;
    while (std::getline(in, line))
      if (line.rfind("Uid:", 0) == 0) {
        uint32_t uid = static_cast<uint32_t>(std::stoul(line.substr(4)));
        if (std::find(ids.begin(), ids.end(), uid) != ids.end()) out.push_back(std::atoi(e->d_name));
      }
  }
  if (d) ::closedir(d);
  return out;
}

bool exists_on_host(const std::string& p) {
  struct stat st {};
  return ::lstat(p.c_str(), &st) == 0;
}

// What a program can learn about how it was started.
const char* kIntrospect = R"(import os, sys
print(sorted(globals()))
print(__name__, __file__, type(__loader__).__name__, __spec__, __package__, __doc__, __cached__)
print(sys.argv, sys.orig_argv, sys.path, sys.flags)
print(sorted(sys.modules))
print(sorted((n, os.path.exists('/proc/self/fd/' + n) and os.readlink('/proc/self/fd/' + n).split(':')[0]) for n in os.listdir('/proc/self/fd')), os.getcwd(), os.getuid(), os.getgid(), os.getpid())
print(sorted(os.environ.items()))
print(sorted(os.listdir('/sandbox')), open(__file__).read() == open('/sandbox/main.py').read())
print(os.stat('/sandbox/main.py').st_mode, os.stat('/sandbox/main.py').st_uid, os.stat('/sandbox/main.py').st_size)
print(sys.stdin.read() == '', sys.stdin.isatty(), os.get_blocking(1))
print(sorted(k for k in dir(__builtins__)))
def f():
    raise ValueError('from the program')
f()
)";

}  // namespace

// A prestarted interpreter was forked pinned to the init's CPU too
// (init/same_cpu_fork.hpp); the program still may run on every CPU.
TEST(sandboxWarm, TheProgramMayRunOnEveryCpuTheHostMay) {
  MAI_REQUIRE_ROOT();
  RawOutcome warm = run_warm(kPrintCpuList);
  EXPECT_EQ(warm.failure, "");
  EXPECT_EQ(warm.exit_status, 0) << warm.stderr_data;
  EXPECT_EQ(warm.stdout_data, own_cpu_list());
}

TEST(sandboxWarm, PythonSeesWhatAColdRunSees) {
  MAI_REQUIRE_ROOT();
  RawOutcome cold = run(kIntrospect);
  RawOutcome warm = run_warm(kIntrospect);
  EXPECT_EQ(warm.failure, "");
  EXPECT_TRUE(warm.exited);
  EXPECT_EQ(warm.exit_status, 1);
  EXPECT_EQ(warm.exit_status, cold.exit_status);
  EXPECT_EQ(warm.stdout_data, cold.stdout_data);
  // The traceback names the program's own frames only, as a cold run's does.
  EXPECT_EQ(warm.stderr_data, cold.stderr_data);
  EXPECT_NE(cold.stderr_data.find("ValueError: from the program"), std::string::npos) << cold.stderr_data;
  EXPECT_EQ(warm.max_pids, cold.max_pids);
}

// The build says when its init stops sharing the host's memory (warm.hpp,
// WarmBuildHooks): once, on the building thread, before prepare_warm returns,
// when the init has really exec'd its helper; and the pipe that tells it is
// not passed on into the sandbox.
TEST(sandboxWarm, TheBuildSaysWhenItsInitLeftTheHostsMemory) {
  MAI_REQUIRE_ROOT();
  const std::string self_exe = std::filesystem::read_symlink("/proc/self/exe").string();
  std::vector<std::string> children_exes;
  int calls = 0;
  WarmBuildHooks hooks;
  hooks.host_memory_released = [&] {
    ++calls;
    // The building thread's children: the init, and nothing else.
    std::ifstream in("/proc/thread-self/children");
    pid_t pid;
    while (in >> pid) {
      std::error_code ec;
      auto exe = std::filesystem::read_symlink("/proc/" + std::to_string(pid) + "/exe", ec);
      children_exes.push_back(ec ? "unreadable: " + ec.message() : exe.string());
    }
  };
  auto entry = warm_source().prepare_warm(shape_for(), scratch_root(), hooks);
  EXPECT_EQ(calls, 1);
  ASSERT_EQ(children_exes.size(), 1u);
  EXPECT_NE(children_exes[0], self_exe) << "the init still ran the host's code";
  EXPECT_EQ(std::filesystem::path(children_exes[0]).filename(), "mai-sandbox-init");
  RawOutcome warm = entry->hand_off(make_spec(kIntrospect))->wait();
  EXPECT_EQ(warm.stdout_data, run(kIntrospect).stdout_data) << "the program saw a descriptor more";
}

TEST(sandboxWarm, PythonExitPathsMatchCold) {
  MAI_REQUIRE_ROOT();
  for (const char* code : {"import sys\nsys.exit(3)\n", "raise SystemExit('bye')\n",
                           "import os\nos._exit(9)\n", "import os, signal\nos.kill(os.getpid(), signal.SIGTERM)\n",
                           "raise KeyboardInterrupt\n", "print('no newline at the end', end='')",
                           "import atexit\natexit.register(lambda: print('at exit'))\nprint(1/0)\n",
                           "if True:\n  x = (\n", "# -*- coding: latin-1 -*-\nprint('\xe9')\n"}) {
    RawOutcome cold = run(code);
    RawOutcome warm = run_warm(code);
    EXPECT_EQ(warm.exited, cold.exited) << code;
    EXPECT_EQ(warm.exit_status, cold.exit_status) << code;
    EXPECT_EQ(warm.signal, cold.signal) << code;
    EXPECT_EQ(warm.stdout_data, cold.stdout_data) << code;
    EXPECT_EQ(warm.stderr_data, cold.stderr_data) << code;
  }
}

TEST(sandboxWarm, ShellSeesWhatAColdRunSees) {
  MAI_REQUIRE_ROOT();
  const char* code = R"SH(echo "$0" "$#" "$PWD" "$(id -u)"; ls -la /sandbox | tail -n +2 | awk '{print $1, $3, $5, $9}'
ls /proc/self/fd; cat /sandbox/main.sh | wc -c; env | sort; echo err >&2; exit 5
)SH";
  RawOutcome cold = run(code, Language::shell);
  RawOutcome warm = run_warm(code, Language::shell);
  EXPECT_TRUE(warm.exited);
  EXPECT_EQ(warm.exit_status, 5);
  EXPECT_EQ(warm.stdout_data, cold.stdout_data);
  EXPECT_EQ(warm.stderr_data, cold.stderr_data);
}

TEST(sandboxWarm, FinerLimitsReachTheRun) {
  MAI_REQUIRE_ROOT();
  Limits finer = small_limits();
  finer.memory_bytes = 64ull << 20;
  finer.pids = 16;
  finer.cpus = 0.5;
  finer.timeout_ms = 3000;
  const char* code = R"(import resource
print(open('/sys/fs/cgroup/memory.max').read().strip() if __import__('os').path.exists('/sys/fs/cgroup/memory.max') else 'v1')
print(resource.getrlimit(resource.RLIMIT_NPROC))
)";
  for (Language lang : {Language::python}) {
    auto entry = warm_entry(lang);
    RunSpec spec = make_spec(code, lang, finer);
    auto box = entry->hand_off(spec);
    ProbeTarget t = box->probe_target();
    RawOutcome o = box->wait();
    EXPECT_EQ(o.failure, "");
    EXPECT_EQ(o.limits.memory_bytes, finer.memory_bytes);
    EXPECT_EQ(o.limits.timeout_ms, finer.timeout_ms);
    if (t.cgroup_version == 2) {
      EXPECT_NE(o.stdout_data.find(std::to_string(64ull << 20)), std::string::npos) << o.stdout_data;
    }
    EXPECT_NE(o.stdout_data.find("(20, 20)"), std::string::npos) << o.stdout_data;  // pids + headroom
  }
  // The shell starts after the code arrives: its nproc is lowered too.
  auto entry = warm_entry(Language::shell);
  RawOutcome o = entry->hand_off(make_spec("grep 'Max processes' /proc/self/limits\n", Language::shell, finer))->wait();
  EXPECT_NE(o.stdout_data.find(" 20 "), std::string::npos) << o.stdout_data << o.stderr_data;
}

TEST(sandboxWarm, TimeoutCountsFromTheCodesArrival) {
  MAI_REQUIRE_ROOT();
  Limits l = small_limits();
  l.timeout_ms = 400;
  auto entry = warm_entry(Language::python, l);
  // Waiting longer than the timeout is no part of the run.
  std::this_thread::sleep_for(std::chrono::milliseconds(600));
  RawOutcome o = entry->hand_off(make_spec("print('in time')\n", Language::python, l))->wait();
  EXPECT_FALSE(o.timed_out);
  EXPECT_EQ(o.stdout_data, "in time\n");
  auto slow = warm_entry(Language::python, l);
  RawOutcome t = slow->hand_off(make_spec("import time\ntime.sleep(30)\n", Language::python, l))->wait();
  EXPECT_TRUE(t.timed_out);
}

TEST(sandboxWarm, WhatAnEntryCannotHonourIsRefused) {
  WarmShape s = shape_for();
  RunSpec spec = make_spec("print(1)\n");
  EXPECT_TRUE(warm_fits(s, spec));
  RunSpec deps = spec;
  deps.network = NetworkMode::deps;
  EXPECT_FALSE(warm_fits(s, deps));
  RunSpec shell = spec;
  shell.language = Language::shell;
  EXPECT_FALSE(warm_fits(s, shell));
  for (auto loosen : std::vector<std::function<void(Limits&)>>{
           [](Limits& l) { l.memory_bytes *= 2; }, [](Limits& l) { l.cpus *= 2; },
           [](Limits& l) { l.pids *= 2; }, [](Limits& l) { l.tmpfs_bytes *= 2; },
           [](Limits& l) { l.tmpfs_bytes /= 2; }}) {
    RunSpec looser = spec;
    loosen(looser.limits);
    EXPECT_FALSE(warm_fits(s, looser));
  }
  RunSpec longer = spec;  // host-side limits come with each request
  longer.limits.timeout_ms *= 10;
  longer.limits.output_bytes *= 10;
  EXPECT_TRUE(warm_fits(s, longer));

  MAI_REQUIRE_ROOT();
  auto entry = warm_entry();
  try {
    entry->hand_off(deps);
    ADD_FAILURE() << "a deps run was handed to a warm sandbox";
  } catch (const SandboxError&) {
  }
}

TEST(sandboxWarm, AnEntryRunsOneProgramAndLeavesNothing) {
  MAI_REQUIRE_ROOT();
  auto entry = warm_entry();
  RunSpec spec = make_spec("import time\ntime.sleep(0.2)\nprint('once')\n");
  auto box = entry->hand_off(spec);
  std::vector<uint32_t> ids = box->host_ids();
  ProbeTarget t = box->probe_target();
  EXPECT_THROW(entry->hand_off(make_spec("print('twice')\n")), SandboxError);
  // The run's id is on record in its scratch directory for a later sweep.
  DIR* d = ::opendir(scratch_root().c_str());
  bool recorded = false;
  while (dirent* e = d ? ::readdir(d) : nullptr)
    if (e->d_name[0] != '.' && run_id_of(scratch_root() + "/" + e->d_name, e->d_name) == spec.run_id) recorded = true;
  if (d) ::closedir(d);
  EXPECT_TRUE(recorded);
  RawOutcome o = box->wait();
  EXPECT_EQ(o.stdout_data, "once\n");
  box.reset();
  entry.reset();
  for (const auto& dir : t.cgroup_dirs) EXPECT_FALSE(exists_on_host(dir)) << dir;
  EXPECT_TRUE(processes_of(ids).empty());
  // Its scratch directory goes off the run's path, but goes.
  RunDirReaper::instance().flush();
  DIR* s = ::opendir(scratch_root().c_str());
  size_t left = 0;
  while (dirent* e = s ? ::readdir(s) : nullptr) left += e->d_name[0] != '.';
  if (s) ::closedir(s);
  EXPECT_EQ(left, 0u) << "scratch directories left behind";
}

TEST(sandboxWarm, AnUnusedEntryIsDestroyedWhole) {
  MAI_REQUIRE_ROOT();
  auto entry = warm_entry();
  auto probe = entry->hand_off(make_spec("print(1)\n"));  // only to learn what an entry holds
  std::vector<uint32_t> ids = probe->host_ids();
  probe->wait();
  probe.reset();
  auto waiting = warm_entry();
  EXPECT_GT(waiting->memory_bytes(), 0u);
  waiting.reset();
  RunDirReaper::instance().flush();  // the probe run's directory
  DIR* d = ::opendir(scratch_root().c_str());
  size_t left = 0;
  while (dirent* e = d ? ::readdir(d) : nullptr) left += e->d_name[0] != '.';
  if (d) ::closedir(d);
  EXPECT_EQ(left, 0u) << "scratch directories left behind";
}

// The attack: a warm run tries everything it can against the sandboxes
// waiting beside it and against whoever runs next. Each piece proves itself
// in the attacker (it sees its own plant), then must be absent for the victim.
TEST(sandboxWarm, ARunCannotReachAWaitingEntryOrTheNextRun) {
  MAI_REQUIRE_ROOT();
  auto victim = warm_entry();    // waiting while the attack runs
  auto attacker = warm_entry();
  const char* attack = R"(import os, signal, socket, ctypes, sys
libc = ctypes.CDLL(None, use_errno=True)
planted = []
for p in ('/tmp/planted', '/dev/shm/planted', '/sandbox/planted'):
    try:
        open(p, 'w').write('x'); planted.append(p)
    except OSError as e:
        print('cannot plant', p, e)
# SysV IPC and an abstract unix socket under well-known names.
shm = libc.shmget(0x4d4149, 4096, 0o1666)
msg = libc.msgget(0x4d4149, 0o1666)
s = socket.socket(socket.AF_UNIX); s.bind('\0mai-warm-attack'); s.listen(1)
# A process that tries to outlive the run, to meet the next one.
if os.fork() == 0:
    os.setsid()
    if os.fork() == 0:
        import time
        time.sleep(60)
    os._exit(0)
others = [p for p in os.listdir('/proc') if p.isdigit() and int(p) not in (1, os.getpid())]
print('planted', len(planted), 'shm', shm >= 0, 'msg', msg >= 0, 'sees', len(others))
# Then signal every process it can, the waiting bootstrap included if it could see it.
for p in range(2, 4096):
    if p != os.getpid():
        try: os.kill(p, signal.SIGKILL)
        except OSError: pass
try: os.kill(-1, signal.SIGKILL)
except OSError: pass
)";
  auto box = attacker->hand_off(make_spec(attack));
  std::vector<uint32_t> attacker_ids = box->host_ids();
  RawOutcome a = box->wait();
  EXPECT_NE(a.stdout_data.find("planted 3 shm True msg True"), std::string::npos) << a.stdout_data << a.stderr_data;
  box.reset();
  // Its leftover process died with its cgroup: nothing of it remains on the host.
  EXPECT_TRUE(processes_of(attacker_ids).empty());

  const char* check = R"(import os, socket, ctypes
libc = ctypes.CDLL(None, use_errno=True)
for p in ('/tmp/planted', '/dev/shm/planted', '/sandbox/planted'):
    if os.path.exists(p): print('ESCAPED: found', p)
if libc.shmget(0x4d4149, 0, 0) >= 0: print('ESCAPED: shared memory')
if libc.msgget(0x4d4149, 0) >= 0: print('ESCAPED: message queue')
try:
    socket.socket(socket.AF_UNIX).connect('\0mai-warm-attack'); print('ESCAPED: socket')
except OSError: pass
procs = [p for p in os.listdir('/proc') if p.isdigit()]
if len(procs) != 2: print('ESCAPED: processes', procs)
print('clean')
)";
  // The waiting one survived and runs as if nothing happened.
  auto vbox = victim->hand_off(make_spec(check));
  std::vector<uint32_t> victim_ids = vbox->host_ids();
  RawOutcome v = vbox->wait();
  EXPECT_EQ(v.stdout_data, "clean\n") << v.stderr_data;
  // And so does a run that starts after it.
  RawOutcome next = run_warm(check);
  EXPECT_EQ(next.stdout_data, "clean\n") << next.stderr_data;
  for (uint32_t id : attacker_ids)
    EXPECT_EQ(std::find(victim_ids.begin(), victim_ids.end(), id), victim_ids.end()) << "shared host id " << id;
}

TEST(sandboxWarm, AnEntryThatDiedWaitingIsNotUsed) {
  MAI_REQUIRE_ROOT();
  // A cgroup parent of its own, so killing everything below it kills only this entry.
  auto cfg = test_config();
  cfg.native.cgroup_parent = "mai-sandbox-test-warm-" + std::to_string(::getpid());
  auto native = make_native_backend(cfg);
  auto entry = dynamic_cast<WarmSource&>(*native).prepare_warm(shape_for(), scratch_root(), {});
  CgroupLayout layout = detect_cgroup_layout();
  ASSERT_NE(layout.version, 0);
  std::string parent = (layout.version == 2 ? layout.unified_root : layout.v1.at("pids")) + "/" + cfg.native.cgroup_parent;
  DIR* d = ::opendir(parent.c_str());
  int killed = 0;
  while (dirent* e = d ? ::readdir(d) : nullptr)
    if (valid_run_id(e->d_name)) {
      open_cgroup(layout.version, {parent + "/" + e->d_name})->kill_all();
      ++killed;
    }
  if (d) ::closedir(d);
  EXPECT_EQ(killed, 1);
  try {
    entry->hand_off(make_spec("print(1)\n"));
    ADD_FAILURE() << "a dead entry took the code";
  } catch (const SandboxError& e) {
    EXPECT_EQ(e.code(), kWarmEntryLost) << e.what();
  }
  entry.reset();
  if (layout.version == 2) ::rmdir(parent.c_str());
  for (const auto& [ctrl, root] : layout.v1) ::rmdir((root + "/" + cfg.native.cgroup_parent).c_str());
}

TEST(sandboxWarm, TheServiceBackendServesFromThePoolAndFallsBack) {
  MAI_REQUIRE_ROOT();
  auto cfg = test_config();
  cfg.warm.min_per_shape = 1;
  cfg.warm.max_per_shape = 2;
  cfg.warm.max_total = 4;
  cfg.warm.min_free_memory_bytes = 0;
  std::shared_ptr<sandbox::Backend> inner = make_native_backend(cfg);
  auto warm = make_warm_backend(inner, cfg, scratch_root());
  ASSERT_TRUE(warm_counters(*warm));
  Limits level = clamp_to_host(cfg.limits_for(TrustLevel::unknown));
  level.tmpfs_bytes = small_limits().tmpfs_bytes;  // a shape the pool learns on first use
  for (int i = 0; i < 4; ++i) {
    RawOutcome o = warm->launch(make_spec("print('hi')\n", Language::python, level))->wait();
    EXPECT_EQ(o.stdout_data, "hi\n");
    // Refills happen off the request path; wait for one between runs.
    for (int k = 0; k < 600 && warm_counters(*warm)->waiting < 4; ++k)
      std::this_thread::sleep_for(std::chrono::milliseconds(50));
  }
  auto c = *warm_counters(*warm);
  EXPECT_EQ(c.misses, 1u);  // the first: a shape nobody had asked for
  EXPECT_EQ(c.hits, 3u);
  // A run no entry can honour starts cold, and works.
  RunSpec deps = make_spec("print('cold')\n", Language::python, level);
  deps.network = NetworkMode::deps;
  EXPECT_EQ(warm->launch(deps)->wait().stdout_data, "cold\n");
  EXPECT_EQ(warm_counters(*warm)->misses, 2u);
  RunSpec other_root = make_spec("print('cold')\n");
  other_root.scratch_root = scratch_root() + "-elsewhere";
  RawOutcome o = warm->launch(other_root)->wait();
  EXPECT_EQ(o.stdout_data, "cold\n");
  EXPECT_EQ(warm->isolation(), inner->isolation());
  warm.reset();
  remove_tree(scratch_root() + "-elsewhere");
}

// Run directories under `root` (not the transient .new and .gone ones).
size_t run_dirs(const std::string& root) {
  size_t n = 0;
  DIR* d = ::opendir(root.c_str());
  while (dirent* e = d ? ::readdir(d) : nullptr) n += valid_run_id(e->d_name) ? 1 : 0;
  if (d) ::closedir(d);
  return n;
}

// `run`'s backend: the sandbox it expects is built before the run asks, the
// run is handed to it; a run it does not fit starts cold; unused, it is
// destroyed with everything it holds.
TEST(sandboxWarm, APreparedSandboxServesTheOneOffRunElseItStartsCold) {
  MAI_REQUIRE_ROOT();
  std::string root = scratch_base() + "/prepared";
  make_dirs(root, 0700);
  std::shared_ptr<sandbox::Backend> inner = make_native_backend(test_config());
  RunSpec spec = make_spec("print('hi')\n");
  spec.scratch_root = root;
  {
    auto prepared = make_prepared_backend(inner, shape_for(), root);
    for (int k = 0; k < 1000 && run_dirs(root) == 0; ++k) std::this_thread::sleep_for(std::chrono::milliseconds(10));
    ASSERT_EQ(run_dirs(root), 1u) << "built before any run asked";
    auto sb = prepared->launch(spec);
    EXPECT_EQ(run_dirs(root), 1u) << "the run went to the prepared sandbox, not a new one";
    EXPECT_EQ(sb->wait().stdout_data, "hi\n");
    sb.reset();
    RunDirReaper::instance().flush();
    EXPECT_EQ(run_dirs(root), 0u);
    // Only the first run can use it: the next starts cold, and works.
    EXPECT_EQ(prepared->launch(spec)->wait().stdout_data, "hi\n");
  }
  RunDirReaper::instance().flush();
  EXPECT_EQ(run_dirs(root), 0u);
  {
    auto prepared = make_prepared_backend(inner, shape_for(), root);
    for (int k = 0; k < 1000 && run_dirs(root) == 0; ++k) std::this_thread::sleep_for(std::chrono::milliseconds(10));
    ASSERT_EQ(run_dirs(root), 1u);
    RunSpec deps = spec;
    deps.network = NetworkMode::deps;  // no warm sandbox has the proxy's listener
    auto sb = prepared->launch(deps);
    EXPECT_EQ(run_dirs(root), 2u) << "a cold run beside the unused prepared one";
    EXPECT_EQ(sb->wait().stdout_data, "hi\n");
    sb.reset();
    prepared.reset();  // the unused one goes with everything it holds
    RunDirReaper::instance().flush();
    EXPECT_EQ(run_dirs(root), 0u);
  }
  remove_tree(root);
}

// `run` starts building its sandbox before it sweeps the state directory
// for what killed runs left (node/node.hpp, prepare_run_sandbox): the sweep,
// in the same process at any step of the build, takes a dead run's leftovers
// and never the sandbox being built, which then serves the run.
TEST(sandboxWarm, ASweepDuringThePreparedBuildTakesDeadRunsOnly) {
  MAI_REQUIRE_ROOT();
  std::string root = scratch_base() + "/prepared-sweep";
  make_dirs(root, 0700);
  auto cfg = test_config();
  std::shared_ptr<sandbox::Backend> inner = make_native_backend(cfg);
  for (int round = 0; round < 3; ++round) {
    // A dead run's directory: a lock file that nobody holds.
    std::string dead = random_hex(16);
    make_dirs(root + "/" + dead, 0700);
    std::ofstream(root + "/" + dead + "/lock") << "";
    auto prepared = make_prepared_backend(inner, shape_for(), root);
    std::vector<std::string> swept;
    // Sweeps from the build's first step until well after its last.
    for (int k = 0; k < 150; ++k) {
      for (auto& id : cleanup_stale_runs(root, cfg)) swept.push_back(id);
      std::this_thread::sleep_for(std::chrono::milliseconds(2));
    }
    EXPECT_EQ(swept, std::vector<std::string>{dead});
    EXPECT_FALSE(exists_on_host(root + "/" + dead));
    ASSERT_EQ(run_dirs(root), 1u) << "the prepared sandbox is still there";
    RunSpec spec = make_spec("print('hi')\n");
    spec.scratch_root = root;
    auto sb = prepared->launch(spec);
    // A cold start would have made a directory named after the run.
    EXPECT_FALSE(exists_on_host(root + "/" + spec.run_id)) << "the run went to the prepared sandbox";
    EXPECT_EQ(sb->wait().stdout_data, "hi\n");
    sb.reset();
    prepared.reset();
    RunDirReaper::instance().flush();
    EXPECT_EQ(run_dirs(root), 0u);
  }
  remove_tree(root);
}

// A warm run's manifest compares with its own code, not the bootstrap that
// waited; a run with inputs starts cold (they are copied in while the root is
// built) and finds them.
TEST(sandboxWarm, FilesOfAWarmRunAreListedAndInputsStartCold) {
  MAI_REQUIRE_ROOT();
  auto cfg = test_config();
  cfg.warm.min_per_shape = 1;
  cfg.warm.min_free_memory_bytes = 0;
  std::shared_ptr<sandbox::Backend> inner = make_native_backend(cfg);
  auto warm = make_warm_backend(inner, cfg, scratch_root());
  ASSERT_TRUE(warm_counters(*warm));
  Limits level = clamp_to_host(cfg.limits_for(TrustLevel::unknown));
  level.tmpfs_bytes = small_limits().tmpfs_bytes;
  warm->launch(make_spec("pass\n", Language::python, level))->wait();  // the pool learns the shape
  // Each trust level's shape and the one just learned: one waiting each.
  for (int k = 0; k < 600 && warm_counters(*warm)->waiting < 4; ++k)
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
  ASSERT_GE(warm_counters(*warm)->waiting, 4u);

  auto box = warm->launch(make_spec("open('out.txt', 'w').write('made')\n", Language::python, level));
  EXPECT_EQ(box->wait().exit_status, 0);
  EXPECT_EQ(warm_counters(*warm)->hits, 1u);
  FileManifest m = box->collect_files();
  ASSERT_EQ(m.files.size(), 1u);  // main.py is the code as sent: unchanged, not listed
  EXPECT_EQ(m.files[0].path, "/sandbox/out.txt");
  EXPECT_EQ(m.files[0].size, 4u);

  RunSpec with_input = make_spec("print(open('in.txt').read())\n", Language::python, level);
  with_input.inputs.push_back({"in.txt", "given"});
  auto cold = warm->launch(with_input);
  EXPECT_EQ(cold->wait().stdout_data, "given\n");
  EXPECT_EQ(warm_counters(*warm)->hits, 1u);  // not from the pool
  warm.reset();
}

// The pool's own bookkeeping, with entries that hold nothing.
namespace {
struct CountingEntry : WarmEntry {
  std::shared_ptr<std::atomic<int>> alive;
  explicit CountingEntry(std::shared_ptr<std::atomic<int>> a) : alive(std::move(a)) { ++*alive; }
  ~CountingEntry() override { --*alive; }
  std::unique_ptr<Sandbox> hand_off(const RunSpec&) override { return nullptr; }
  uint64_t memory_bytes() const override { return 0; }
};
}  // namespace

TEST(sandboxWarmPool, FillsLearnsBoundsAndExpires) {
  auto alive = std::make_shared<std::atomic<int>>(0);
  std::atomic<int> builds{0};
  config::WarmPoolSettings s;
  s.min_per_shape = 2;
  s.max_per_shape = 3;
  s.max_total = 5;
  s.max_idle_ms = 1000;
  s.min_free_memory_bytes = 0;
  WarmShape a = shape_for(), b = shape_for(Language::shell);
  {
    WarmPool pool([&](const WarmShape&) {
      ++builds;
      return std::make_unique<CountingEntry>(alive);
    }, s, {a});
    ASSERT_TRUE(pool.wait_filled(std::chrono::seconds(60)));
    EXPECT_EQ(pool.counters().waiting, 2u);
    // A shape nobody built: a miss, then learned and built.
    RunSpec shell = make_spec("true\n", Language::shell);
    EXPECT_EQ(pool.take(shell), nullptr);
    ASSERT_TRUE(pool.wait_filled(std::chrono::seconds(60)));
    EXPECT_NE(pool.take(shell), nullptr);
    // Never more than max_total in all, nor max_per_shape in one.
    RunSpec py = make_spec("print(1)\n");
    for (int i = 0; i < 10; ++i) (void)pool.take(py);
    ASSERT_TRUE(pool.wait_filled(std::chrono::seconds(60)));
    EXPECT_LE(pool.counters().waiting, 5u);
    EXPECT_LE(alive->load(), 5);
    // A network run is never served warm, and teaches the pool nothing.
    RunSpec deps = py;
    deps.network = NetworkMode::deps;
    EXPECT_EQ(pool.take(deps), nullptr);
    // Idle ones expire and are rebuilt.
    for (int k = 0; k < 600 && pool.counters().expired == 0; ++k)
      std::this_thread::sleep_for(std::chrono::milliseconds(50));
    EXPECT_GT(pool.counters().expired, 0u);
    (void)b;
  }
  EXPECT_EQ(alive->load(), 0) << "the pool left entries alive";
}

TEST(sandboxWarmPool, KeepsNoneWithoutFreeMemory) {
  auto alive = std::make_shared<std::atomic<int>>(0);
  config::WarmPoolSettings s;
  s.min_free_memory_bytes = ~0ull;  // more than any host has
  WarmPool pool([&](const WarmShape&) { return std::make_unique<CountingEntry>(alive); }, s, {shape_for()});
  std::this_thread::sleep_for(std::chrono::milliseconds(300));
  EXPECT_EQ(pool.counters().built, 0u);
  EXPECT_EQ(pool.take(make_spec("print(1)\n")), nullptr);
}

// Until `done` holds (polled; false after a minute: the pool's thread stalled).
bool eventually(const std::function<bool()>& done) {
  for (int k = 0; k < 1200; ++k) {
    if (done()) return true;
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
  }
  return done();
}

TEST(sandboxWarmPool, ARefillWaitsForTheRunsInFlightUnlessTheShapeIsEmpty) {
  auto alive = std::make_shared<std::atomic<int>>(0);
  config::WarmPoolSettings s;
  s.min_per_shape = 2;
  s.max_per_shape = 2;
  s.max_idle_ms = 3600 * 1000;
  s.min_free_memory_bytes = 0;
  s.refill_yield_ms = 60000;  // longer than this test: only a quiet moment ends the wait
  WarmPool pool([&](const WarmShape&) { return std::make_unique<CountingEntry>(alive); }, s, {shape_for()});
  ASSERT_TRUE(pool.wait_filled(std::chrono::seconds(60)));
  ASSERT_EQ(pool.counters().built, 2u);
  RunSpec py = make_spec("print(1)\n");
  {
    RunActivity::Scope running;
    ASSERT_NE(pool.take(py), nullptr);  // one still waits: the refill yields
    ASSERT_TRUE(eventually([&] { return pool.counters().yielded == 1; }));
    EXPECT_EQ(pool.counters().built, 2u) << "a refill took the cores from a run in flight";
    EXPECT_EQ(pool.counters().waiting, 1u);
    // The last one taken: the next run would start cold, so it is built at once.
    ASSERT_NE(pool.take(py), nullptr);
    ASSERT_TRUE(eventually([&] { return pool.counters().waiting >= 1; }));
    EXPECT_EQ(pool.counters().built, 3u);
    EXPECT_EQ(pool.counters().yield_expired, 0u);
  }
  // The run is over: the rest is built.
  ASSERT_TRUE(pool.wait_filled(std::chrono::seconds(60)));
  EXPECT_EQ(pool.counters().waiting, 2u);
  EXPECT_EQ(pool.counters().built, 4u);
}

TEST(sandboxWarmPool, SteadyRunsDoNotDrainThePool) {
  auto alive = std::make_shared<std::atomic<int>>(0);
  config::WarmPoolSettings s;
  s.min_per_shape = 3;
  s.max_per_shape = 3;
  s.max_idle_ms = 3600 * 1000;
  s.min_free_memory_bytes = 0;
  s.refill_yield_ms = 100;
  WarmPool pool([&](const WarmShape&) { return std::make_unique<CountingEntry>(alive); }, s, {shape_for()});
  ASSERT_TRUE(pool.wait_filled(std::chrono::seconds(60)));
  // Runs always in flight (overlapping, as two cores serve them): no quiet
  // moment ever comes, and every refill still happens within refill_yield.
  RunActivity::Scope always;
  RunSpec py = make_spec("print(1)\n");
  for (int round = 0; round < 5; ++round) {
    ASSERT_NE(pool.take(py), nullptr) << "round " << round;
    ASSERT_TRUE(eventually([&] { return pool.counters().waiting == 3; })) << "round " << round;
  }
  EXPECT_EQ(pool.counters().misses, 0u);
  // One wait ran out; the load never paused, so the later builds did not wait.
  EXPECT_EQ(pool.counters().yield_expired, 1u);
  EXPECT_EQ(pool.counters().yielded, 1u);
}

TEST(sandboxRunActivity, TheReapersRemovalsYieldToRunsButNotToAFlush) {
  std::atomic<int> removed{0};
  {
    RunActivity::Scope running;
    RunDirReaper::instance().later([&] { ++removed; });
    // A stopping service waits for nothing: flush() removes it now.
    RunDirReaper::instance().flush();
    EXPECT_EQ(removed.load(), 1);
    // Runs that never pause still get their spent containers removed.
    RunDirReaper::instance().later([&] { ++removed; });
    EXPECT_TRUE(eventually([&] { return removed.load() == 2; }));
  }
}
