// How a Docker run's end is known (docker/init_exit.hpp): our init, the
// container's pid 1, reports the program's status and marks the end of its
// output, so the host does not wait for the daemon. Against the real
// daemon, cold and warm: every exit path gives the status it gives without
// the report (the daemon's /wait, which runs serve when the report is
// absent), the output's tail is never lost, what the program leaves running
// is killed and the run still ends, the code cannot forge the end, and
// without our init the daemon says the end as before.
// Every test skips, saying why, where no daemon and image exist.
#include <gtest/gtest.h>

#include <algorithm>
#include <csignal>

#include "sandbox/docker_watch_protocol.hpp"
#include "sandbox/phase_timing.hpp"
#include "sandbox/run_dir_reaper.hpp"
#include "sandbox/warm.hpp"
#include "test_util.hpp"

using namespace mai;
using namespace mai::sandbox;
using namespace mai::sandbox::test;

namespace {

class sandboxDockerExit : public ::testing::TestWithParam<bool> {  // param: warm
 protected:
  void SetUp() override {
    if (!is_root()) GTEST_SKIP() << "the sandbox tests need root";
    if (!docker_unavailable_reason().empty()) GTEST_SKIP() << docker_unavailable_reason();
    current_kind() = BackendKind::docker;
  }
  void TearDown() override {
    RunDirReaper::instance().flush();  // spent warm runs: removed before the scratch root goes
    current_kind() = BackendKind::native;
  }
};

struct Ended {
  RawOutcome o;
  std::vector<std::string> phases;  // the engine's marks, in order
  bool reported() const { return has("docker: our init reported the end"); }
  bool asked_daemon() const { return has("docker: /wait answered"); }
  bool has(const std::string& name) const { return std::find(phases.begin(), phases.end(), name) != phases.end(); }
};

// One run on `b`, warm (an entry built for the spec's shape) or cold.
Ended run_on(sandbox::Backend& b, bool warm, const std::string& code, Limits limits = small_limits(),
             Language lang = Language::python) {
  RunSpec spec = make_spec(code, lang, limits);
  std::unique_ptr<WarmEntry> entry;
  if (warm) entry = dynamic_cast<WarmSource&>(b).prepare_warm(warm_shape_of(spec), scratch_root(), {});
  PhaseRecorder rec;
  phase_recorder() = &rec;
  Ended e;
  try {
    auto box = warm ? entry->hand_off(spec) : b.launch(spec);
    e.o = box->wait();
  } catch (...) {
    phase_recorder() = nullptr;
    throw;
  }
  phase_recorder() = nullptr;
  for (const auto& [name, ms] : rec.ms) e.phases.push_back(name);
  return e;
}

Ended run_docker(bool warm, const std::string& code, Limits limits = small_limits()) {
  return run_on(backend(), warm, code, limits);
}

ExecutionReport report_of(const RawOutcome& o) {
  ExecutionReport r;
  finish_report(o, std::nullopt, r);
  return r;
}

std::string joined(const std::vector<std::string>& v) {
  std::string s;
  for (const auto& x : v) s += x + "; ";
  return s;
}

}  // namespace

INSTANTIATE_TEST_SUITE_P(, sandboxDockerExit, ::testing::Values(false, true),
                         [](const ::testing::TestParamInfo<bool>& i) { return i.param ? "warm" : "cold"; });

TEST_P(sandboxDockerExit, EveryExitPathGivesTheProgramsOwnStatus) {
  bool warm = GetParam();
  Ended ok = run_docker(warm, "print('hello')\n");
  EXPECT_TRUE(ok.reported()) << joined(ok.phases);
  EXPECT_FALSE(ok.asked_daemon()) << joined(ok.phases);
  EXPECT_TRUE(ok.o.exited);
  EXPECT_EQ(ok.o.exit_status, 0);
  EXPECT_EQ(ok.o.stdout_data, "hello\n");

  Ended three = run_docker(warm, "import sys\nsys.stderr.write('bye')\nsys.exit(3)\n");
  EXPECT_TRUE(three.reported()) << joined(three.phases);
  EXPECT_TRUE(three.o.exited);
  EXPECT_EQ(three.o.exit_status, 3);
  EXPECT_EQ(three.o.stderr_data, "bye");

  Ended term = run_docker(warm, "import os, signal\nos.kill(os.getpid(), signal.SIGTERM)\n");
  EXPECT_TRUE(term.reported()) << joined(term.phases);
  EXPECT_FALSE(term.o.exited);
  EXPECT_EQ(term.o.signal, SIGTERM);
  EXPECT_EQ(report_of(term.o).exit_code, 128 + SIGTERM);

  // The report tells a program's exit(137) from death by SIGKILL (the
  // daemon's 137 cannot); both are 137 in the result.
  Ended own = run_docker(warm, "import os\nos._exit(137)\n");
  EXPECT_TRUE(own.reported()) << joined(own.phases);
  EXPECT_TRUE(own.o.exited);
  EXPECT_EQ(own.o.exit_status, 137);
  EXPECT_EQ(report_of(own.o).exit_code, 137);
  EXPECT_FALSE(own.o.oom_killed);

  Limits l = small_limits();
  l.timeout_ms = 1500;
  Ended slow = run_docker(warm, "import time\nprint('up', flush=True)\ntime.sleep(60)\n", l);
  ExecutionReport t = report_of(slow.o);
  EXPECT_EQ(t.termination, Termination::timeout);
  EXPECT_EQ(t.exit_code, 124);
  EXPECT_EQ(t.stdout_data, "up\n");
  // Killed with its init: no report, the daemon says the end.
  EXPECT_FALSE(slow.reported()) << joined(slow.phases);

  l = small_limits();
  l.memory_bytes = 48ull << 20;
  Ended hog = run_docker(warm, "x = []\nwhile True:\n    x.append(bytearray(1 << 20))\n", l);
  ExecutionReport m = report_of(hog.o);
  EXPECT_EQ(m.termination, Termination::memory_limit);
  EXPECT_EQ(m.exit_code, 137);
  EXPECT_TRUE(hog.o.oom_killed);
}

// The end markers follow everything the program wrote, whatever its size
// and however the attach stream's reads cut it; both streams' tails arrive,
// one without a newline.
TEST_P(sandboxDockerExit, TheOutputsTailIsNeverLost) {
  Limits l = small_limits();
  l.output_bytes = 4 << 20;
  const char* code = R"(import sys
for i in range(60000):
    sys.stdout.write('%06d ' % i + 'x' * 40 + '\n')
sys.stderr.write('e' * 100000)
sys.stdout.write('the last line, no newline')
sys.stderr.write('the last of stderr')
)";
  std::string want_out;
  for (int i = 0; i < 60000; ++i) {
    char n[8];
    std::snprintf(n, sizeof n, "%06d ", i);
    want_out += std::string(n) + std::string(40, 'x') + "\n";
  }
  want_out += "the last line, no newline";
  for (int round = 0; round < 3; ++round) {
    Ended e = run_docker(GetParam(), code, l);
    EXPECT_TRUE(e.reported()) << joined(e.phases);
    EXPECT_TRUE(e.o.exited);
    EXPECT_EQ(e.o.exit_status, 0);
    EXPECT_FALSE(e.o.stdout_truncated);
    ASSERT_EQ(e.o.stdout_data.size(), want_out.size());
    EXPECT_TRUE(e.o.stdout_data == want_out);
    EXPECT_EQ(e.o.stderr_data, std::string(100000, 'e') + "the last of stderr");
  }
}

// A child that detaches, ignores every signal it can and keeps writing is
// killed when the program ends: the run ends with the program's status,
// well before its timeout, and what the child wrote before is delivered.
TEST_P(sandboxDockerExit, WhatTheProgramLeftRunningIsKilledAndTheRunEnds) {
  Limits l = small_limits();
  l.timeout_ms = 30000;  // a run held by the child would time out; none does
  const char* code = R"(import os, signal, sys, time, ctypes
r, w = os.pipe()
if os.fork() == 0:
    os.setsid()
    ctypes.CDLL(None).prctl(36, 1, 0, 0, 0)  # PR_SET_CHILD_SUBREAPER: its orphans stay its own
    for s in (signal.SIGTERM, signal.SIGHUP, signal.SIGINT, signal.SIGPIPE):
        signal.signal(s, signal.SIG_IGN)
    if os.fork() == 0:
        time.sleep(60)
    print('child up', flush=True)
    os.write(w, b'x')
    while True:
        open('/sandbox/still-here', 'a').write('x')
        sys.stderr.write('.')
        time.sleep(0.001)
os.read(r, 1)
print('parent done', flush=True)
sys.exit(5)
)";
  Ended e = run_docker(GetParam(), code, l);
  EXPECT_TRUE(e.reported()) << joined(e.phases);
  EXPECT_FALSE(e.o.timed_out);
  EXPECT_TRUE(e.o.exited);
  EXPECT_EQ(e.o.exit_status, 5);
  EXPECT_EQ(e.o.stdout_data, "child up\nparent done\n");
  EXPECT_EQ(e.o.stderr_data.find_first_not_of('.'), std::string::npos) << e.o.stderr_data.substr(0, 200);
}

// The code (the same uid as its init) tries to speak for the init or to
// stop it: read or write its descriptors, trace it, signal or stop it,
// reach the socket, guess the end marker. Each fails, and the run ends with
// the program's own status and all of its output.
TEST_P(sandboxDockerExit, TheCodeCannotForgeTheEnd) {
  const char* code = R"(import ctypes, os, signal, socket, struct, sys
def attempt(name, f):
    try:
        f()
        print(name, 'WORKED')
    except OSError as e:
        print(name, 'refused')
def fds():
    names = os.listdir('/proc/1/fd')
    for n in names:
        os.open('/proc/1/fd/' + n, os.O_WRONLY)
attempt('fds', fds)
attempt('mem', lambda: open('/proc/1/mem', 'r+b'))
attempt('environ', lambda: open('/proc/1/environ', 'rb').read())
libc = ctypes.CDLL(None, use_errno=True)
def ptrace():
    if libc.ptrace(16, 1, 0, 0) != 0:  # PTRACE_ATTACH
        raise OSError(ctypes.get_errno(), 'ptrace')
attempt('ptrace', ptrace)
def pidfd_getfd():
    pidfd = libc.syscall(434, 1, 0)  # pidfd_open
    if pidfd < 0: raise OSError(ctypes.get_errno(), 'pidfd_open')
    if libc.syscall(438, pidfd, 3, 0) < 0:  # pidfd_getfd
        raise OSError(ctypes.get_errno(), 'pidfd_getfd')
attempt('pidfd_getfd', pidfd_getfd)
def connect():
    s = socket.socket(socket.AF_UNIX, socket.SOCK_SEQPACKET)
    s.connect('/.mai-sandbox/watch/socket')
    s.send(b'x' + struct.pack('i', 0))
attempt('socket', connect)
for sig in (signal.SIGSTOP, signal.SIGTERM, signal.SIGKILL, signal.SIGUSR1):
    try: os.kill(1, sig)  # delivered to nobody: a namespace's init gets no signal from inside
    except OSError: pass
print('init', open('/proc/1/status').read().split('State:')[1].split()[0])
sys.stdout.write('\0mai-sandbox-end:' + '0' * 32 + '\0')
sys.stdout.write('after a guessed marker\n')
sys.stdout.flush()
os._exit(7)
)";
  Ended e = run_docker(GetParam(), code);
  EXPECT_TRUE(e.reported()) << joined(e.phases) << e.o.stderr_data;
  EXPECT_TRUE(e.o.exited);
  EXPECT_EQ(e.o.exit_status, 7);
  EXPECT_EQ(e.o.stdout_data, "fds refused\nmem refused\nenviron refused\nptrace refused\n"
                             "pidfd_getfd refused\nsocket refused\ninit S\n" +
                                 docker_watch::end_marker(std::string(32, '0')) + "after a guessed marker\n")
      << e.o.stderr_data;
}

// Without our init in the container (refused writes not counted) the
// daemon's /wait says how the run ended, as before, and the stream's end
// says the output is in.
TEST_P(sandboxDockerExit, WithoutOurInitTheDaemonSaysTheEnd) {
  auto cfg = test_config();
  cfg.docker.refused_writes = false;
  auto plain = make_docker_backend(cfg);
  for (auto [code, status] : {std::pair<const char*, int>{"print('hello')\n", 0}, {"import sys\nsys.exit(3)\n", 3}}) {
    Ended e = run_on(*plain, GetParam(), code);
    EXPECT_FALSE(e.reported()) << joined(e.phases);
    EXPECT_TRUE(e.asked_daemon()) << joined(e.phases);
    EXPECT_TRUE(e.has("docker: output in (stream end)")) << joined(e.phases);
    EXPECT_TRUE(e.o.exited);
    EXPECT_EQ(e.o.exit_status, status);
  }
  Ended hello = run_on(*plain, GetParam(), "print('hello')\n");
  EXPECT_EQ(hello.o.stdout_data, "hello\n");
  plain.reset();
  RunDirReaper::instance().flush();
}
