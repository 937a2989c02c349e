// What the code tried to write and was refused: real runs on each backend
// (cold and warm; Docker where a daemon runs) whose programs attack the read-only root every way the write-intent
// table lists, next to legitimate writes that must not be counted, a flood
// that must finish with a bounded record, and a run killed mid-flood.
#include <gtest/gtest.h>

#include "model/json_codec.hpp"
#include "sandbox/run_dir_reaper.hpp"
#include "sandbox/warm.hpp"
#include "test_util.hpp"

using namespace mai;
using namespace mai::sandbox;
using namespace mai::sandbox::test;

namespace {

std::vector<std::string> calls_of(const RefusedWrites& w) {
  std::vector<std::string> out;
  for (const auto& f : w.first) out.push_back(f.call + " " + f.path);
  return out;
}

std::string joined(const RefusedWrites& w) {
  std::string out;
  for (const auto& c : calls_of(w)) out += c + "\n";
  return out;
}

Limits roomy() {
  Limits l = small_limits();
  l.timeout_ms = 120000;
  return l;
}

// Each attempt in its own try: the program goes on after every refusal.
const char* kAttacks = R"PY(
import os
def tryit(f, *a, **kw):
    try:
        f(*a, **kw)
    except OSError:
        pass
tryit(lambda: open('/etc/passwd', 'a'))              # 1 open for append, existing file
tryit(lambda: open('/usr/evil', 'w'))                # 2 create under /usr
tryit(os.mkdir, '/opt/x')                            # 3 no /opt: ENOENT, still outside
tryit(os.unlink, '/etc/group')                       # 4
tryit(os.rename, '/etc/hosts', '/sandbox/hosts')     # 5 the old name is on the read-only root
tryit(os.chmod, '/etc/shadow', 0o777)                # 6 (there is no shadow: nearest is /etc)
tryit(os.rmdir, '/usr/lib')                          # 7
os.symlink('/etc/passwd', '/sandbox/link')           # legit: the link lives in /sandbox
tryit(lambda: open('/sandbox/link', 'w'))            # 8 followed to /etc/passwd
os.chdir('/')
tryit(lambda: open('etc/passwd', 'r+'))              # 9 relative after chdir('/')
os.chdir('/sandbox')
tryit(lambda: open('../usr/lib/x', 'w'))             # 10 relative, climbing out
tryit(os.symlink, '/sandbox/x', '/etc/evil')         # 11
tryit(os.link, '/sandbox/main.py', '/etc/hard')      # 12 (EXDEV or EROFS: outside either way)
tryit(os.truncate, '/etc/passwd', 0)                 # 13
tryit(os.utime, '/etc/passwd', None)                 # 14
fd = os.open('/etc/passwd', os.O_RDONLY)             # reading is not a write
tryit(os.fchmod, fd, 0o777)                          # 15 through a descriptor
os.close(fd)
d = os.open('/etc', os.O_RDONLY | os.O_DIRECTORY)
tryit(os.mkdir, 'sub', 0o755, dir_fd=d)              # 16 relative to a directory descriptor
os.close(d)
tryit(os.system, 'echo x > /etc/from-child')         # 17 a child (sh) is watched too
# Legitimate writes: none of these may count.
open('/sandbox/ok', 'w').write('x')
open('/tmp/ok', 'w').write('x')
open('/dev/shm/ok', 'w').write('x')
open('/dev/null', 'w').write('x')
os.mkdir('/sandbox/d'); os.rmdir('/sandbox/d')
os.rename('/sandbox/ok', '/sandbox/ok2'); os.unlink('/sandbox/ok2')
os.chmod('/tmp/ok', 0o600)
os.unlink('/sandbox/link')
print('done')
)PY";

}  // namespace

MAI_BACKEND_SUITE(sandboxRefusedWrites);

TEST_P(sandboxRefusedWrites, EveryKindOfWriteOutsideIsCountedAndNothingInside) {
  RawOutcome r = backend().launch(make_spec(kAttacks, Language::python, roomy()))->wait();
  ASSERT_TRUE(r.exited) << r.stderr_data;
  EXPECT_EQ(r.exit_status, 0) << r.stderr_data;
  EXPECT_EQ(r.stdout_data, "done\n");
  const RefusedWrites& w = r.refused_writes;
  EXPECT_TRUE(w.counted) << w.note;
  EXPECT_EQ(w.count, 17u) << joined(w);
  std::vector<std::string> want = {
      "openat /etc/passwd",     "openat /usr/evil",      "mkdir /opt/x",
      "unlink /etc/group",      "rename /etc/hosts",     "chmod /etc/shadow",
      "rmdir /usr/lib",         "openat /sandbox/link",  "openat /etc/passwd",
      "openat /sandbox/../usr/lib/x", "symlink /etc/evil", "link /etc/hard",
      "truncate /etc/passwd",   "utimensat /etc/passwd", "fchmod /etc/passwd",
      "mkdirat /etc/sub"};
  std::vector<std::string> got = calls_of(w);
  ASSERT_EQ(got.size(), kRefusedRecorded) << joined(w);
  for (size_t i = 0; i < want.size(); ++i) EXPECT_EQ(got[i], want[i]) << i;
}

TEST_P(sandboxRefusedWrites, ShellRedirectionsAndToolsAreCounted) {
  RawOutcome r = run("echo x > /etc/passwd; touch /usr/foo; mkdir -p /usr/x/y; mkdir /sandbox/d; "
                     "echo fine > /sandbox/d/f; : > /tmp/g; echo > /dev/null; exit 3",
                     Language::shell, roomy());
  ASSERT_TRUE(r.exited);
  EXPECT_EQ(r.exit_status, 3);
  EXPECT_TRUE(r.refused_writes.counted);
  // touch tries twice (open with O_CREAT, then utimensat). mkdir -p first
  // makes /usr, which exists (EEXIST, no refusal), then /usr/x: refused.
  std::vector<std::string> want = {"openat /etc/passwd", "openat /usr/foo", "utimensat /usr/foo", "mkdir /usr/x"};
  EXPECT_EQ(calls_of(r.refused_writes), want) << joined(r.refused_writes);
  EXPECT_EQ(r.refused_writes.count, 4u);
}

TEST_P(sandboxRefusedWrites, AFloodFinishesWithABoundedRecord) {
  const char* code = R"PY(
import os
n = 0
for i in range(200000):
    try:
        os.close(os.open('/etc/passwd', os.O_WRONLY))
    except OSError:
        n += 1
print(n)
)PY";
  RawOutcome r = run(code, Language::python, roomy());
  ASSERT_TRUE(r.exited) << r.stderr_data;
  EXPECT_EQ(r.stdout_data, "200000\n");
  EXPECT_EQ(r.refused_writes.count, 200000u);
  EXPECT_EQ(r.refused_writes.first.size(), kRefusedRecorded);
}

TEST_P(sandboxRefusedWrites, ARunKilledMidFloodEndsAndKeepsItsCount) {
  Limits l = small_limits();
  l.timeout_ms = 1500;
  RawOutcome r = run("while true; do true > /etc/passwd; done 2>/dev/null", Language::shell, l);
  EXPECT_TRUE(r.timed_out);
  EXPECT_TRUE(r.refused_writes.counted);
  EXPECT_GT(r.refused_writes.count, 0u);
  EXPECT_LE(r.refused_writes.first.size(), kRefusedRecorded);
}

TEST_P(sandboxRefusedWrites, HostilePathsAreCappedAndKeptAsBytes) {
  const char* code = R"PY(
import os
for p in [b'/etc/\xff\xfe-not-utf8', b'/usr/' + b'a' * 250 + b'/' + b'b' * 250]:
    try:
        os.open(p, os.O_WRONLY | os.O_CREAT)
    except OSError:
        pass
)PY";
  RawOutcome r = run(code, Language::python, roomy());
  ASSERT_TRUE(r.exited) << r.stderr_data;
  ASSERT_EQ(r.refused_writes.count, 2u) << joined(r.refused_writes);
  EXPECT_EQ(r.refused_writes.first[0].path, "/etc/\xff\xfe-not-utf8");
  EXPECT_EQ(r.refused_writes.first[1].path.size(), kRefusedPathBytes);
  EXPECT_TRUE(r.refused_writes.first[1].path_truncated);
  json j = to_json(r.refused_writes);
  EXPECT_TRUE(j["first"][0].contains("path_base64")) << j.dump();
  EXPECT_EQ(j["count"], 2);
  // The result's JSON is valid UTF-8 however hostile the path.
  EXPECT_NO_THROW((void)j.dump());
}

TEST_P(sandboxRefusedWrites, WarmRunsCountOnlyTheirCode) {
  for (Language lang : {Language::python, Language::shell}) {
    RunSpec spec = make_spec(lang == Language::python ? "open('/etc/passwd', 'a')" : "echo > /etc/passwd",
                             lang, roomy());
    auto entry = dynamic_cast<WarmSource&>(backend()).prepare_warm(warm_shape_of(spec), scratch_root(), {});
    RawOutcome r = entry->hand_off(spec)->wait();
    EXPECT_TRUE(r.exited);
    EXPECT_NE(r.exit_status, 0);
    EXPECT_TRUE(r.refused_writes.counted) << r.refused_writes.note;
    EXPECT_EQ(r.refused_writes.count, 1u) << joined(r.refused_writes);
  }
  // A warm run's removal happens on the reaper's thread: done before the
  // scratch root's removal at the end.
  RunDirReaper::instance().flush();
}

TEST_P(sandboxRefusedWrites, SwitchedOffSaysNotCounted) {
  auto cfg = test_config();
  cfg.native.refused_writes = false;
  cfg.docker.refused_writes = false;
  auto off = make_backend(current_kind(), cfg);
  RawOutcome r = off->launch(make_spec("echo > /etc/passwd", Language::shell))->wait();
  EXPECT_TRUE(r.exited) << r.failure;
  EXPECT_FALSE(r.refused_writes.counted);
  EXPECT_NE(r.refused_writes.note.find("refused_writes is off"), std::string::npos) << r.refused_writes.note;
  json j = to_json(r.refused_writes);
  EXPECT_TRUE(j["count"].is_null());
  EXPECT_FALSE(j["counted"].get<bool>());
}

// The program attacks the watch itself: through /proc/self, with paths the
// host cannot read, loops and FIFOs that must not stall it, many threads at
// once, and a filter of its own that would take the notifications over.
TEST_P(sandboxRefusedWrites, AttacksOnTheWatchNeitherHideWritesNorStallIt) {
  const char* code = R"PY(
import ctypes, ctypes.util, errno, os, struct, threading
libc = ctypes.CDLL(None, use_errno=True)
def tryit(f, *a):
    try:
        f(*a)
    except OSError:
        pass
tryit(lambda: open('/proc/self/root/etc/passwd', 'a'))       # counted: the caller's root
tryit(lambda: open('/proc/thread-self/root/usr/x', 'w'))      # counted
# A path the host cannot read (a bad pointer): EFAULT for the program, no count.
print('efault', libc.open(ctypes.c_void_p(8), os.O_WRONLY) == -1 and ctypes.get_errno() == errno.EFAULT)
os.symlink('/sandbox/b', '/sandbox/a'); os.symlink('/sandbox/a', '/sandbox/b')
tryit(lambda: open('/sandbox/a', 'w'))                        # ELOOP inside /sandbox: not counted
os.mkfifo('/sandbox/fifo')
tryit(os.open, '/sandbox/fifo', os.O_WRONLY | os.O_NONBLOCK)  # ENXIO, no reader: not counted
def flood():
    for i in range(2000):
        tryit(os.open, '/etc/passwd', os.O_WRONLY)
threads = [threading.Thread(target=flood) for _ in range(4)]
for t in threads: t.start()
for t in threads: t.join()                                    # 8,000 counted
# A filter of the program's own with a listener would see the calls first:
# the kernel allows one listener per chain, and ours is there (EBUSY).
allow = struct.pack('HBBI', 0x06, 0, 0, 0x7fff0000)           # BPF_RET|BPF_K, SECCOMP_RET_ALLOW
buf = ctypes.create_string_buffer(allow)
prog = struct.pack('HxxxxxxQ', 1, ctypes.addressof(buf))
pbuf = ctypes.create_string_buffer(prog)
rc = libc.syscall(317, 1, 8, pbuf)                            # seccomp(SET_MODE_FILTER, NEW_LISTENER)
print('own listener', rc, errno.errorcode.get(ctypes.get_errno()))
)PY";
  RawOutcome r = run(code, Language::python, roomy());
  ASSERT_TRUE(r.exited) << r.stderr_data;
  EXPECT_EQ(r.exit_status, 0) << r.stderr_data;
  EXPECT_EQ(r.stdout_data, "efault True\nown listener -1 EBUSY\n");
  EXPECT_EQ(r.refused_writes.count, 8002u) << joined(r.refused_writes);
  ASSERT_GE(r.refused_writes.first.size(), 3u);
  EXPECT_EQ(r.refused_writes.first[0].path, "/proc/self/root/etc/passwd");
  EXPECT_EQ(r.refused_writes.first[1].path, "/proc/thread-self/root/usr/x");
  EXPECT_EQ(r.refused_writes.first[2].path, "/etc/passwd");
}

// A program that ends at once can take its init with it before the host has
// set up the watch: the watch must not depend on the init still being there
// (it once opened /proc/<init>/ns/mnt, and such runs failed to launch).
TEST_P(sandboxRefusedWrites, ProgramsThatEndAtOnceStillLaunch) {
  for (int i = 0; i < (on_docker() ? 8 : 40); ++i) {
    RawOutcome r = run("exit 0", Language::shell);
    ASSERT_TRUE(r.exited) << i;
    ASSERT_TRUE(r.refused_writes.counted) << r.refused_writes.note;
    EXPECT_EQ(r.refused_writes.count, 0u);
  }
}

// Docker: the code attacks the host's socket its entry used. The host served
// one connection before the code existed and removed the name; starting the
// entry again finds no host; the directory is read-only. The watch goes on.
TEST(sandboxRefusedWritesDocker, TheCodeCannotReachOrReplaceTheWatchSocket) {
  if (!docker_unavailable_reason().empty()) GTEST_SKIP() << docker_unavailable_reason();
  const char* code = R"PY(
import errno, os, socket, subprocess
s = socket.socket(socket.AF_UNIX, socket.SOCK_SEQPACKET)
try:
    s.connect('/.mai-sandbox/watch/socket')
    s.send(b'N garbage')
    print('connected')
except OSError as e:
    print('connect', errno.errorcode[e.errno])
print('listing', os.listdir('/.mai-sandbox/watch'))
r = subprocess.run(['/.mai-sandbox/init', '--watch-writes', '/.mai-sandbox/watch/socket', '--',
                    '/bin/sh', '-c', 'echo ran'], capture_output=True)
print('entry', r.returncode, r.stdout)
try:
    open('/.mai-sandbox/watch/socket', 'w')   # counted: the bound directory is read-only
except OSError as e:
    print('create', errno.errorcode[e.errno])
try:
    open('/etc/passwd', 'a')                  # counted
except OSError:
    pass
)PY";
  auto docker = make_backend(BackendKind::docker);
  RawOutcome r = docker->launch(make_spec(code, Language::python, roomy()))->wait();
  ASSERT_TRUE(r.exited) << r.failure << r.stderr_data;
  EXPECT_EQ(r.exit_status, 0) << r.stderr_data;
  EXPECT_EQ(r.stdout_data, "connect ENOENT\nlisting []\nentry 125 b''\ncreate EROFS\n");
  EXPECT_TRUE(r.refused_writes.counted) << r.refused_writes.note;
  std::vector<std::string> want = {"openat /.mai-sandbox/watch/socket", "openat /etc/passwd"};
  EXPECT_EQ(calls_of(r.refused_writes), want) << joined(r.refused_writes);
}
