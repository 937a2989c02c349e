// End-to-end runs through the real backend: output, exit status, limits, cleanup.
#include <gtest/gtest.h>

#include <cerrno>
#include <cstring>
#include <fstream>
#include <sched.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <unistd.h>
#include <poll.h>
#include <sys/socket.h>
#include <thread>

#include "sandbox/cgroup.hpp"
#include "sandbox/host_capabilities.hpp"
#include "sandbox/run_dir_reaper.hpp"
#include "test_util.hpp"

using namespace mai;
using namespace mai::sandbox;
using namespace mai::sandbox::test;

MAI_BACKEND_SUITE(sandboxRun);

namespace {

ExecutionReport report_of(const RawOutcome& o) {
  ExecutionReport r;
  finish_report(o, std::nullopt, r);
  return r;
}

}  // namespace

TEST_P(sandboxRun, PythonHello) {
  MAI_REQUIRE_ROOT();
  auto o = run("print('hello from the sandbox')\n");
  EXPECT_EQ(o.failure, "");
  EXPECT_TRUE(o.exited);
  EXPECT_EQ(o.exit_status, 0);
  EXPECT_EQ(o.stdout_data, "hello from the sandbox\n");
  EXPECT_EQ(o.stderr_data, "");
  EXPECT_EQ(report_of(o).termination, Termination::exited);
}

// The init starts the program on its own CPU (init/same_cpu_fork.hpp) and
// gives it back the whole set before the exec: the program may run on every
// CPU this process may (on a one-CPU host this cannot tell the difference).
TEST_P(sandboxRun, TheProgramMayRunOnEveryCpuTheHostMay) {
  MAI_REQUIRE_ROOT();
  MAI_NATIVE_ONLY("the pinned fork is the native init's");
  auto o = run(kPrintCpuList);
  EXPECT_EQ(o.failure, "");
  EXPECT_EQ(o.exit_status, 0) << o.stderr_data;
  EXPECT_EQ(o.stdout_data, own_cpu_list());
}

// Untrusted code never outranks the host, nor loses its address-space
// randomisation to the host's personality: a real-time policy, a negative
// nice value, a real-time I/O class and ADDR_NO_RANDOMIZE of the thread that
// starts the sandbox all stay with the host (a v1 cpu cgroup would refuse a
// real-time task outright, failing every run of a service started with one).
TEST_P(sandboxRun, TheProgramNeverInheritsTheHostsPrioritiesOrPersonality) {
  MAI_REQUIRE_ROOT();
  MAI_NATIVE_ONLY("a container's processes are the daemon's children, not this thread's");
  constexpr long kIoprioRealtimeTop = 1L << 13;  // class RT, level 0
  constexpr unsigned long kAddrNoRandomize = 0x0040000;
  const pid_t self = static_cast<pid_t>(::syscall(SYS_gettid));
  const long persona = ::syscall(SYS_personality, 0xffffffffUL);
  const long io = ::syscall(SYS_ioprio_get, 1, 0);
  struct rlimit rtprio {}, nice {};
  ::getrlimit(RLIMIT_RTPRIO, &rtprio);
  ::getrlimit(RLIMIT_NICE, &nice);
  struct AsBefore {  // also if an assertion or the launch ends the test
    pid_t tid;
    long persona, io;
    struct rlimit rtprio, nice;
    void operator()() const {
      ::setrlimit(RLIMIT_RTPRIO, &rtprio);
      ::setrlimit(RLIMIT_NICE, &nice);
      sched_param normal{};
      ::sched_setscheduler(tid, SCHED_OTHER, &normal);
      ::setpriority(PRIO_PROCESS, static_cast<id_t>(tid), 0);
      ::syscall(SYS_ioprio_set, 1, 0, io);
      ::syscall(SYS_personality, static_cast<unsigned long>(persona));
    }
    ~AsBefore() { (*this)(); }
  } as_before{self, persona, io, rtprio, nice};
  // Raised where this host may (CAP_SYS_RESOURCE), so that the program's 0
  // is the run's own limit, not merely the host's (the Docker spec test
  // checks the same list where it cannot).
  struct rlimit generous {99, 99};
  ::setrlimit(RLIMIT_RTPRIO, &generous);
  generous = {40, 40};
  ::setrlimit(RLIMIT_NICE, &generous);
  sched_param rt{};
  rt.sched_priority = 1;
  ASSERT_EQ(::sched_setscheduler(self, SCHED_FIFO, &rt), 0) << std::strerror(errno);
  ASSERT_EQ(::setpriority(PRIO_PROCESS, static_cast<id_t>(self), -5), 0) << std::strerror(errno);
  ASSERT_EQ(::syscall(SYS_ioprio_set, 1, 0, kIoprioRealtimeTop), 0) << std::strerror(errno);
  ASSERT_GE(::syscall(SYS_personality, static_cast<unsigned long>(persona) | kAddrNoRandomize), 0);
  auto sb = backend().launch(make_spec(
      "import ctypes, os\n"
      "libc = ctypes.CDLL(None, use_errno=True)\n"
      "print(os.sched_getscheduler(0), os.getpriority(os.PRIO_PROCESS, 0),\n"
      "      libc.syscall(252, 1, 0) >> 13, open('/proc/self/personality').read().strip())\n"
      "import resource\n"
      "print(resource.getrlimit(resource.RLIMIT_RTPRIO), resource.getrlimit(resource.RLIMIT_NICE))\n"));
  as_before();  // the wait needs none of it
  auto o = sb->wait();
  EXPECT_EQ(o.failure, "");
  EXPECT_EQ(o.exit_status, 0) << o.stderr_data;
  // SCHED_OTHER, nice 0, I/O class best-effort, the default persona.
  // And it cannot make itself real-time or raise its priority, whatever the
  // host's limits allow.
  EXPECT_EQ(o.stdout_data, "0 0 2 00000000\n(0, 0) (0, 0)\n");
}

TEST_P(sandboxRun, ShellExitCodeAndStderr) {
  MAI_REQUIRE_ROOT();
  auto o = run("echo out; echo err >&2; exit 7\n", Language::shell);
  EXPECT_TRUE(o.exited);
  EXPECT_EQ(o.exit_status, 7);
  EXPECT_EQ(o.stdout_data, "out\n");
  EXPECT_EQ(o.stderr_data, "err\n");
  EXPECT_EQ(report_of(o).exit_code, 7);
}

TEST_P(sandboxRun, IdentityAndNamespaces) {
  MAI_REQUIRE_ROOT();
  auto sb = backend().launch(make_spec(R"(
import os, socket
print(os.getuid(), os.getgid(), os.geteuid(), os.getgroups())
print(os.getpid() > 1, socket.gethostname(), os.getcwd(), os.environ.get('HOME'))
print(open('/proc/self/uid_map').read().split())
print(sorted(os.listdir('/sandbox')))
)"));
  std::vector<uint32_t> ids = sb->host_ids();
  auto o = sb->wait();
  ASSERT_TRUE(o.exited) << o.stderr_data;
  auto cfg = test_config();
  if (on_docker()) {
    // No user namespace: the container's uid is the run's leased host id;
    // the primary group is also listed as a supplementary one; our init is pid 1.
    ASSERT_EQ(ids.size(), 1u);
    EXPECT_GE(ids[0], cfg.docker.ids.first);
    EXPECT_LT(ids[0], cfg.docker.ids.end());
    std::string id = std::to_string(ids[0]);
    EXPECT_EQ(o.stdout_data,
              id + " " + id + " " + id + " [" + id + "]\n"
              "True sandbox /sandbox /sandbox\n"
              "['0', '0', '4294967295']\n"
              "['main.py']\n")
        << o.stderr_data;
    return;
  }
  // The sandbox sees uid 1000 (and 0 for its init), mapped to the run's own
  // pair of host ids.
  ASSERT_EQ(ids.size(), 2u);
  EXPECT_EQ(ids[1], ids[0] + 1);
  EXPECT_GE(ids[0], cfg.native.ids.first);
  EXPECT_LE(ids[1], cfg.native.ids.end() - 1);
  EXPECT_EQ(o.stdout_data,
            "1000 1000 1000 []\n"
            "True sandbox /sandbox /sandbox\n"
            "['0', '" + std::to_string(ids[0]) + "', '1', '1000', '" + std::to_string(ids[1]) + "', '1']\n"
            "['main.py']\n")
      << o.stderr_data;
}

TEST_P(sandboxRun, SignalGives128PlusN) {
  MAI_REQUIRE_ROOT();
  auto o = run("import os, signal\nos.kill(os.getpid(), signal.SIGTERM)\n");
  EXPECT_FALSE(o.exited);
  EXPECT_EQ(o.signal, 15);
  auto r = report_of(o);
  EXPECT_EQ(r.termination, Termination::signaled);
  EXPECT_EQ(r.exit_code, 128 + 15);
  EXPECT_EQ(r.signal, 15);
}

TEST_P(sandboxRun, ReadOnlyRoot) {
  MAI_REQUIRE_ROOT();
  auto o = run(R"(
for p in ['/x', '/usr/x', '/etc/x', '/bin/x', '/dev/x']:
    try:
        open(p, 'w'); print('wrote', p)
    except OSError as e:
        print('refused', p, e.errno)
for p in ['/tmp/x', '/sandbox/x', '/dev/shm/x']:
    open(p, 'w').write('ok'); print('wrote', p)
)");
  ASSERT_TRUE(o.exited) << o.stderr_data;
  // Docker's /dev is a writable tmpfs owned by root: refused by permission (EACCES).
  std::string dev_errno = on_docker() ? "13" : "30";
  EXPECT_EQ(o.stdout_data,
            "refused /x 30\nrefused /usr/x 30\nrefused /etc/x 30\nrefused /bin/x 30\n"
            "refused /dev/x " + dev_errno + "\nwrote /tmp/x\nwrote /sandbox/x\nwrote /dev/shm/x\n");
}

TEST_P(sandboxRun, MemoryLimitKillsWith137) {
  MAI_REQUIRE_ROOT();
  Limits l = small_limits();
  l.memory_bytes = 48ull << 20;
  auto o = run("x = []\nwhile True:\n    x.append(bytearray(1 << 20))\n", Language::python, l);
  EXPECT_TRUE(o.oom_killed);
  EXPECT_FALSE(o.exited);
  auto r = report_of(o);
  EXPECT_EQ(r.termination, Termination::memory_limit);
  EXPECT_EQ(r.exit_code, 137);
  EXPECT_NE(r.violation.find("memory limit"), std::string::npos);
}

TEST_P(sandboxRun, TimeoutGives124) {
  MAI_REQUIRE_ROOT();
  Limits l = small_limits();
  l.timeout_ms = 1000;
  auto o = run("import time\nprint('start', flush=True)\ntime.sleep(3600)\n", Language::python, l);
  EXPECT_TRUE(o.timed_out);
  EXPECT_GE(o.wall_ms, 1000u);
  EXPECT_LT(o.wall_ms, 3000u);
  EXPECT_EQ(o.stdout_data, "start\n");
  auto r = report_of(o);
  EXPECT_EQ(r.termination, Termination::timeout);
  EXPECT_EQ(r.exit_code, 124);
}

TEST_P(sandboxRun, NothingRemainsAfterARun) {
  MAI_REQUIRE_ROOT();
  auto cfg = test_config();
  auto backend = make_backend(current_kind(), cfg);
  auto spec = make_spec("import time\ntime.sleep(0.2)\n");
  ProbeTarget t;
  {
    auto sb = backend->launch(spec);
    t = sb->probe_target();
    for (const auto& d : t.cgroup_dirs) EXPECT_TRUE(cgfs::exists(d)) << d;
    EXPECT_TRUE(cgfs::exists(spec.scratch_root + "/" + spec.run_id));
    auto o = sb->wait();
    EXPECT_TRUE(o.exited);
  }
  for (const auto& d : t.cgroup_dirs) EXPECT_FALSE(cgfs::exists(d)) << d;
  // The scratch directory goes off the run's path (RunDirReaper), and every
  // node waits for that when it stops, as here.
  RunDirReaper::flush_if_used();
  EXPECT_FALSE(cgfs::exists(spec.scratch_root + "/" + spec.run_id));
  EXPECT_NE(::kill(t.init_pid, 0), 0);
  if (on_docker()) {
    EXPECT_FALSE(t.docker_container.empty());
    EXPECT_TRUE(docker_containers_of(spec.run_id).empty());
    for (const auto& d : make_cgroup(detect_cgroup_layout(), cfg.docker.cgroup_parent, spec.run_id)->dirs())
      EXPECT_FALSE(cgfs::exists(d)) << d;
  }
  // No mount of the run is visible on the host.
  std::ifstream mi("/proc/self/mountinfo");
  std::string line;
  while (std::getline(mi, line)) EXPECT_EQ(line.find(spec.run_id), std::string::npos) << line;
}

TEST_P(sandboxRun, KillFromAnotherThread) {
  MAI_REQUIRE_ROOT();
  auto backend = make_backend(current_kind());
  auto sb = backend->launch(make_spec("import time\ntime.sleep(60)\n"));
  std::thread killer([&] {
    std::this_thread::sleep_for(std::chrono::milliseconds(200));
    sb->kill();
    sb->kill();  // idempotent
  });
  auto o = sb->wait();
  killer.join();
  EXPECT_TRUE(o.killed);
  EXPECT_LT(o.wall_ms, 5000u);
  EXPECT_EQ(report_of(o).termination, Termination::killed);
}

// The monitor's probe sees what the run uses (Docker: the container's own
// cgroup, as native reads its run's), and its kill ends the run.
TEST_P(sandboxRun, TheProbeSeesMemoryCpuAndProcesses) {
  MAI_REQUIRE_ROOT();
  auto backend = make_backend(current_kind());
  auto sb = backend->launch(make_spec(R"(import subprocess, time
held = bytearray(40 << 20)
for i in range(0, len(held), 4096): held[i] = 1
children = [subprocess.Popen(['sleep', '60']) for _ in range(3)]
while time.process_time() < 0.3: pass  # CPU time, whatever the load
time.sleep(60)
)"));
  auto probe = make_probe(sb->probe_target());
  ResourceSample seen;
  std::thread monitor([&] {
    // Until it is all there (the run is killed at its timeout otherwise).
    for (int i = 0; i < 400; ++i) {
      ResourceSample s = probe->read().sample;
      seen.memory_bytes = std::max(seen.memory_bytes, s.memory_bytes);
      seen.cpu_ms = std::max(seen.cpu_ms, s.cpu_ms);
      seen.pids = std::max(seen.pids, s.pids);
      if (seen.memory_bytes >= (40u << 20) && seen.pids >= 5 && seen.cpu_ms >= 100) break;
      std::this_thread::sleep_for(std::chrono::milliseconds(10));
    }
    probe->kill_all();
  });
  auto o = sb->wait();
  monitor.join();
  EXPECT_GE(seen.memory_bytes, 40u << 20);
  EXPECT_GE(seen.pids, 5u);  // the init, python, three sleeps
  EXPECT_GE(seen.cpu_ms, 100u);
  EXPECT_FALSE(o.exited);
  EXPECT_FALSE(probe->read().oom_killed);
}

TEST_P(sandboxRun, DepsNetworkHandsTheProxyListenerToTheHost) {
  MAI_REQUIRE_ROOT();
  auto backend = make_backend(current_kind());
  auto spec = make_spec(R"(import os, socket
print(os.environ['HTTPS_PROXY'])
s = socket.create_connection(('127.0.0.1', 3128), timeout=5)
print(s.recv(16).decode())
)");
  spec.network = NetworkMode::deps;
  auto sb = backend->launch(spec);
  int lfd = sb->proxy_listener_fd();
  ASSERT_GE(lfd, 0);
  // The host side (the proxy, later) accepts connections made inside the sandbox.
  std::thread proxy([lfd] {
    pollfd pf{lfd, POLLIN, 0};
    if (::poll(&pf, 1, 5000) != 1) return;
    int c = ::accept4(lfd, nullptr, nullptr, SOCK_CLOEXEC);
    if (c >= 0) {
      ::send(c, "via host", 8, MSG_NOSIGNAL);
      ::close(c);
    }
  });
  auto o = sb->wait();
  proxy.join();
  EXPECT_TRUE(o.exited) << o.stderr_data;
  EXPECT_EQ(o.stdout_data, "http://127.0.0.1:3128\nvia host\n");
}

TEST_P(sandboxRun, ConcurrentRunsFromSeveralThreads) {
  MAI_REQUIRE_ROOT();
  auto backend = make_backend(current_kind());
  std::vector<RawOutcome> outs(4);
  std::vector<std::thread> threads;
  for (size_t i = 0; i < outs.size(); ++i)
    threads.emplace_back([&, i] {
      outs[i] = backend->launch(make_spec("import time\ntime.sleep(0.3)\nprint(" + std::to_string(i) + ")\n"))->wait();
    });
  for (auto& t : threads) t.join();
  for (size_t i = 0; i < outs.size(); ++i) {
    EXPECT_TRUE(outs[i].exited) << outs[i].stderr_data;
    EXPECT_EQ(outs[i].stdout_data, std::to_string(i) + "\n");
  }
}

// A child that fails before the init runs says which step failed: here the
// exec of an init file that is not executable.
TEST_P(sandboxRun, ASetupFailureBeforeTheInitRunsSaysWhichStep) {
  MAI_REQUIRE_ROOT();
  MAI_NATIVE_ONLY("the native backend's clone");
  auto cfg = test_config();
  char not_executable[] = "/tmp/mai-not-an-init-XXXXXX";
  int fd = ::mkstemp(not_executable);
  ASSERT_GE(fd, 0) << std::strerror(errno);
  ::close(fd);
  cfg.native.init_path = not_executable;
  try {
    make_native_backend(cfg)->launch(make_spec("print(1)\n"));
    ADD_FAILURE() << "launch did not throw";
  } catch (const SandboxError& e) {
    EXPECT_NE(std::string(e.what()).find("exit status 127: the exec of mai-sandbox-init failed"), std::string::npos)
        << e.what();
  }
  ::unlink(not_executable);
}

TEST_P(sandboxRun, SetupFailureThrowsAndLeavesNothing) {
  MAI_REQUIRE_ROOT();
  auto cfg = test_config();
  if (on_docker()) {
    // A memory limit the daemon refuses: the run directory and the parent
    // cgroup already exist when the create fails.
    Limits tiny = small_limits();
    tiny.memory_bytes = 1 << 20;
    auto spec = make_spec("print(1)\n", Language::python, tiny);
    try {
      make_docker_backend(cfg)->launch(spec);
      ADD_FAILURE() << "launch did not throw";
    } catch (const SandboxError& e) {
      EXPECT_EQ(e.code(), "docker_refused");
      EXPECT_NE(std::string(e.what()).find("emory"), std::string::npos) << e.what();
    }
    EXPECT_FALSE(cgfs::exists(spec.scratch_root + "/" + spec.run_id));
    EXPECT_TRUE(docker_containers_of(spec.run_id).empty());
    for (const auto& d : make_cgroup(detect_cgroup_layout(), cfg.docker.cgroup_parent, spec.run_id)->dirs())
      EXPECT_FALSE(cgfs::exists(d)) << d;
    // A missing image or daemon is refused when the backend is made, with what to do.
    // An interpreter the image lacks: the init cannot start it (127) and says why.
    cfg.docker.python = "/nonexistent/python3";
    auto o = make_docker_backend(cfg)->launch(make_spec("print(1)\n"))->wait();
    EXPECT_TRUE(o.exited);
    EXPECT_EQ(o.exit_status, 127);
    EXPECT_NE(o.stderr_data.find("/nonexistent/python3"), std::string::npos) << o.stderr_data;
    cfg = test_config();
    cfg.docker.image = "mai-sandbox-no-such-image:1";
    try {
      make_docker_backend(cfg);
      ADD_FAILURE() << "no error for a missing image";
    } catch (const SandboxError& e) {
      EXPECT_EQ(e.code(), "docker_image_missing");
      EXPECT_NE(std::string(e.what()).find("tools/build-docker-image.sh"), std::string::npos) << e.what();
    }
    cfg = test_config();
    cfg.docker.socket = scratch_base() + "/no-daemon.sock";
    try {
      make_docker_backend(cfg);
      ADD_FAILURE() << "no error for a missing daemon";
    } catch (const SandboxError& e) {
      EXPECT_EQ(e.code(), "docker_unavailable");
      EXPECT_NE(std::string(e.what()).find(cfg.docker.socket), std::string::npos) << e.what();
    }
    return;
  }
  cfg.native.python = "/nonexistent/python3";
  auto spec = make_spec("print(1)\n");
  EXPECT_THROW(make_native_backend(cfg)->launch(spec), SandboxError);
  cfg = test_config();
  cfg.native.init_path = "/nonexistent/mai-sandbox-init";
  EXPECT_THROW(make_native_backend(cfg)->launch(spec), SandboxError);
  EXPECT_FALSE(cgfs::exists(spec.scratch_root + "/" + spec.run_id));
  auto layout = detect_cgroup_layout();
  for (const auto& d : make_cgroup(layout, cfg.native.cgroup_parent, spec.run_id)->dirs())
    EXPECT_FALSE(cgfs::exists(d)) << d;
}

TEST(sandboxHostCapabilities, DoctorProbesThisHost) {
  MAI_REQUIRE_ROOT();
  EXPECT_TRUE(is_static_executable(MAI_TEST_INIT_PATH));
  EXPECT_FALSE(is_static_executable("/usr/bin/python3"));
  HostReport r = probe_host(test_config(), scratch_root());
  auto feature = [&](const std::string& name) {
    for (const auto& f : r.features)
      if (f.name == name) return f;
    ADD_FAILURE() << "no feature " << name;
    return HostFeature{};
  };
  for (const char* f : {"user_namespace", "pid_namespace", "net_namespace", "mount_namespace",
                        "ipc_namespace", "uts_namespace", "cgroup_namespace", "seccomp",
                        "no_new_privs", "cgroup", "init_helper", "python", "end_to_end"})
    EXPECT_TRUE(feature(f).ok) << f << ": " << feature(f).detail;
  EXPECT_TRUE(r.native_ok);
  EXPECT_TRUE(r.missing.empty());
  EXPECT_EQ(r.cgroup_version, detect_cgroup_layout().version);
}
