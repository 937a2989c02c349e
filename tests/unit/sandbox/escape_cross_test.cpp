// Escape battery, part 5: one run against another. Two sandboxes run at once:
// the attacker takes all of a resource the kernel counts per user (or looks
// for its neighbour in /proc, signals it, plants files for it) while the
// victim is alive, and the victim must not notice. Every run has host ids of
// its own, so on both backends nothing the kernel keeps per user is shared.
//
// Each attack is played again by two host processes of one uid, the same
// programs: there it must work, which proves the attack is real and that the
// test fails if runs ever share a uid again.
#include "attack_util.hpp"

using namespace mai;
using namespace mai::sandbox;
using namespace mai::sandbox::test;

MAI_BACKEND_SUITE_DECL(sandboxEscape);

namespace {

// Every attacker starts with READY = '<path>' and this: ready(msg) says what
// it took, once it holds it.
const char* kPrelude = R"(import os, sys, time
def ready(msg):
    with open(READY + '.part', 'w') as f:
        f.write(msg)
    os.rename(READY + '.part', READY)
)";

std::string in_sandbox(const std::string& body) { return "READY = '/tmp/ready'\n" + std::string(kPrelude) + body; }

Limits attacker_limits() {
  Limits l = small_limits();
  l.timeout_ms = 120000;  // it holds what it took until the test kills it
  return l;
}

// A resource attack: `grab` takes everything it can and calls ready() with
// what it got (including the error that stopped it, `limit_error`), then
// sleeps; `probe` prints ESCAPED if it finds the resource gone, else
// "unaffected". Checks both runs, then the same two programs on the host.
void resource_attack(const std::string& grab, const std::string& limit_error, const std::string& probe) {
  {
    LiveRun attacker(in_sandbox(grab + "time.sleep(120)\n"), attacker_limits());
    auto took = attacker.await_file("/tmp/ready");
    ASSERT_TRUE(took) << "the attacker ended first: " << attacker.wait().stderr_data;
    // It met its own limit, not the machine's.
    EXPECT_TRUE(contains(*took, limit_error)) << *took;
    RawOutcome victim = sandboxed(probe);
    EXPECT_CONTAINED(victim);
    EXPECT_TRUE(contains(victim.stdout_data, "unaffected")) << victim.stdout_data << victim.stderr_data;
    EXPECT_TRUE(attacker.running()) << "the attacker must still hold what it took";
  }
  IdLease uid = lease_test_uid();
  HostProcess attacker(std::string(kPrelude) + grab + "time.sleep(120)\n", uid.first());
  auto took = attacker.await_ready();
  ASSERT_TRUE(took) << attacker.output();
  EXPECT_TRUE(contains(*took, limit_error)) << *took;
  EXPECT_ESCAPES_ON_HOST(run_on_host(probe, Language::python, {uid.first()}));
}

}  // namespace

TEST_P(sandboxEscape, CrossRunInotifyInstances) {
  MAI_REQUIRE_ROOT();
  // fs.inotify.max_user_instances (128) is counted per user - and per owner
  // of a user namespace: namespaces owned by root would all share root's.
  resource_attack(R"(import ctypes
libc = ctypes.CDLL(None, use_errno=True)
fds = []
while len(fds) < 100000:
    fd = libc.inotify_init()
    if fd < 0:
        break
    fds.append(fd)
ready('took %d inotify instances, then %s' % (len(fds), os.strerror(ctypes.get_errno())))
)",
                  "Too many open files", R"(import ctypes, os
libc = ctypes.CDLL(None, use_errno=True)
if libc.inotify_init() < 0:
    print('ESCAPED: no inotify instance left:', os.strerror(ctypes.get_errno()))
else:
    print('unaffected: inotify_init works')
)");
}

TEST_P(sandboxEscape, CrossRunPipeBufferPages) {
  MAI_REQUIRE_ROOT();
  // fs.pipe-user-pages-soft: past it, every new pipe of the user gets the
  // minimum buffer (2 pages instead of 16) and none can grow.
  resource_attack(R"(import fcntl
pipes, err = [], ''
while len(pipes) < 400:
    r, w = os.pipe()
    pipes.append((r, w))
    try:
        fcntl.fcntl(w, 1031, 1 << 20)   # F_SETPIPE_SZ
    except OSError as e:
        err = e.strerror
        break
ready('grew %d pipes to 1MiB, then %s' % (len(pipes) - 1, err))
)",
                  "Operation not permitted", R"(import fcntl, os
r, w = os.pipe()
size = fcntl.fcntl(w, 1032)   # F_GETPIPE_SZ
if size < 65536:
    print('ESCAPED: a new pipe holds only', size, 'bytes')
else:
    print('unaffected: a new pipe holds', size, 'bytes')
)");
}

namespace {
const char* kMqueue = R"(import ctypes
libc = ctypes.CDLL(None, use_errno=True)
class Attr(ctypes.Structure):
    _fields_ = [('flags', ctypes.c_long), ('maxmsg', ctypes.c_long), ('msgsize', ctypes.c_long),
                ('curmsgs', ctypes.c_long), ('pad', ctypes.c_long * 4)]
libc.mq_open.argtypes = [ctypes.c_char_p, ctypes.c_int, ctypes.c_uint, ctypes.POINTER(Attr)]
attr = Attr(0, 10, 8192, 0)
def open_queue(name):
    q = libc.mq_open(name.encode(), os.O_CREAT | os.O_EXCL | os.O_RDWR, 0o600, ctypes.byref(attr))
    if q >= 0:
        libc.mq_unlink(name.encode())   # it lives as long as this process holds it
    return q
)";
}  // namespace

TEST_P(sandboxEscape, CrossRunMessageQueueBytes) {
  MAI_REQUIRE_ROOT();
  // RLIMIT_MSGQUEUE (800 KiB) counts the bytes of every POSIX message queue
  // a user has, across IPC namespaces.
  resource_attack(std::string(kMqueue) + R"(tag = os.urandom(4).hex()
queues = []
while len(queues) < 256 and open_queue('/mai-%s-%d' % (tag, len(queues))) >= 0:
    queues.append(1)
ready('opened %d message queues, then %s' % (len(queues), os.strerror(ctypes.get_errno())))
)",
                  "Too many open files", "import os\n" + std::string(kMqueue) + R"(
if open_queue('/mai-victim-' + os.urandom(4).hex()) < 0:
    print('ESCAPED: no message queue:', os.strerror(ctypes.get_errno()))
else:
    print('unaffected: a message queue opens')
)");
}

namespace {
// RLIMIT_SIGPENDING as a run has it (the host processes lower theirs to match).
const char* kSigpending = R"(import ctypes, os, resource, signal
soft, hard = resource.getrlimit(resource.RLIMIT_SIGPENDING)
limit = 1024 if hard == resource.RLIM_INFINITY or hard > 1024 else hard
resource.setrlimit(resource.RLIMIT_SIGPENDING, (limit, limit))
libc = ctypes.CDLL(None, use_errno=True)
sig = signal.SIGRTMIN
signal.pthread_sigmask(signal.SIG_BLOCK, [sig])
def queue_one(n):
    return libc.sigqueue(os.getpid(), sig, ctypes.c_void_p(n)) == 0
)";
}  // namespace

TEST_P(sandboxEscape, CrossRunPendingSignals) {
  MAI_REQUIRE_ROOT();
  // Queued real-time signals count against the receiving user's
  // RLIMIT_SIGPENDING; a user who holds them all leaves none for the others.
  resource_attack(std::string(kSigpending) + R"(n = 0
while n < 200000 and queue_one(n):
    n += 1
ready('queued %d signals, then %s' % (n, os.strerror(ctypes.get_errno())))
)",
                  "Resource temporarily unavailable", std::string(kSigpending) + R"(
if not queue_one(0):
    print('ESCAPED: cannot queue a signal:', os.strerror(ctypes.get_errno()))
else:
    print('unaffected: a signal can be queued')
)");
}

namespace {
// RLIMIT_NPROC below the test's pids limit (32), so the rlimit, not the
// cgroup, is what stops the forks.
const char* kNproc = R"(import os, resource, time
resource.setrlimit(resource.RLIMIT_NPROC, (24, 24))
)";
}  // namespace

TEST_P(sandboxEscape, CrossRunProcessCount) {
  MAI_REQUIRE_ROOT();
  // RLIMIT_NPROC counts every process of the real uid.
  resource_attack(std::string(kNproc) + R"(kids, err = [], ''
while len(kids) < 64:
    try:
        pid = os.fork()
    except OSError as e:
        err = e.strerror
        break
    if pid == 0:
        time.sleep(120)
        os._exit(0)
    kids.append(pid)
ready('forked %d processes, then %s' % (len(kids), err))
)",
                  "Resource temporarily unavailable", std::string(kNproc) + R"(
try:
    pid = os.fork()
except OSError as e:
    print('ESCAPED: cannot fork:', e.strerror)
else:
    if pid == 0:
        os._exit(0)
    os.waitpid(pid, 0)
    print('unaffected: fork works')
)");
}

namespace {
// A victim run: says it is ready and lives until the test writes /tmp/done.
const char* kVictim = R"(ready('victim %d' % os.getpid())
while not os.path.exists('/tmp/done'):
    time.sleep(0.02)
print('unaffected: the victim lived to the end')
)";

// Ends a victim run and checks it came through untouched.
void expect_victim_unaffected(LiveRun& victim) {
  victim.put_file("/tmp/done", "1");
  const RawOutcome& o = victim.wait();
  EXPECT_TRUE(o.exited && o.exit_status == 0) << "signal " << o.signal << "\n" << o.stderr_data;
  EXPECT_TRUE(contains(o.stdout_data, "unaffected")) << o.stdout_data << o.stderr_data;
}

std::string pid_list(const std::vector<pid_t>& pids) {
  std::string s = "[";
  for (pid_t p : pids) s += std::to_string(p) + ",";
  return s + "]";
}
}  // namespace

TEST_P(sandboxEscape, CrossRunSignals) {
  MAI_REQUIRE_ROOT();
  // The attacker knows the victim's host pids and kills them, then everything it can.
  const std::string attack = R"(import os, signal
for pid in PIDS:
    try:
        os.kill(pid, signal.SIGKILL)
        print('ESCAPED: killed', pid)
    except OSError as e:
        print('refused', pid, e.strerror)
try:
    os.kill(-1, signal.SIGKILL)
except OSError:
    pass
)";
  LiveRun victim(in_sandbox(kVictim), attacker_limits());
  ASSERT_TRUE(victim.await_file("/tmp/ready")) << victim.wait().stderr_data;
  std::vector<pid_t> pids = victim.host_pids();
  ASSERT_FALSE(pids.empty());
  auto o = sandboxed("PIDS = " + pid_list(pids) + "\n" + attack);
  EXPECT_CONTAINED(o);
  expect_victim_unaffected(victim);
  // Two host processes of one uid: the signal lands.
  IdLease uid = lease_test_uid();
  HostVictim host_victim(uid.first());
  EXPECT_ESCAPES_ON_HOST(run_on_host("PIDS = [" + std::to_string(host_victim.pid()) + "]\n" + attack,
                                     Language::python, {uid.first()}));
  EXPECT_TRUE(host_victim.dies_within(std::chrono::seconds(10)));
}

TEST_P(sandboxEscape, CrossRunProcVisibility) {
  MAI_REQUIRE_ROOT();
  // The victim's program holds a marker; the attacker looks through every
  // process it can see (and the victim's host pids, which it is told) for it:
  // command line, and the files the command line names, through /proc/PID/root.
  std::string marker = "MAI-MARKER-" + random_hex(6);
  std::string victim_code = std::string(kVictim) + "# " + marker + "\n";
  const std::string attack = R"(import os
marker = MARKER_A + MARKER_B
pids = sorted(set([p for p in os.listdir('/proc') if p.isdigit()] + [str(p) for p in PIDS]))
for pid in pids:
    try:
        args = open('/proc/%s/cmdline' % pid, 'rb').read().split(b'\0')
    except OSError:
        continue
    for a in args:
        if a.startswith(b'/') and a.endswith(b'.py'):
            try:
                if marker.encode() in open(b'/proc/%s/root' % pid.encode() + a, 'rb').read():
                    print('ESCAPED: found the other run as pid', pid, a)
            except OSError:
                pass
    if pid not in ('1', str(os.getpid())):
        print('sees pid', pid)
print('looked at', pids)
)";
  // The marker split in two, so the attacker's own code never contains it.
  auto with_marker = [&](const std::vector<pid_t>& pids) {
    return "MARKER_A = '" + marker.substr(0, 8) + "'\nMARKER_B = '" + marker.substr(8) + "'\nPIDS = " +
           pid_list(pids) + "\n" + attack;
  };
  LiveRun victim(in_sandbox(victim_code), attacker_limits());
  ASSERT_TRUE(victim.await_file("/tmp/ready")) << victim.wait().stderr_data;
  auto o = sandboxed(with_marker(victim.host_pids()));
  EXPECT_CONTAINED(o);
  expect_victim_unaffected(victim);
  // On the host the victim is a process of the same uid, its program a file.
  IdLease uid = lease_test_uid();
  HostProcess host_victim(std::string(kPrelude) + victim_code, uid.first());
  ASSERT_TRUE(host_victim.await_ready()) << host_victim.output();
  EXPECT_ESCAPES_ON_HOST(run_on_host(with_marker({host_victim.pid()}), Language::python, {uid.first()}));
}

TEST_P(sandboxEscape, CrossRunFilesInTmpAndDevShm) {
  MAI_REQUIRE_ROOT();
  // Files one uid leaves in /tmp or /dev/shm: another process of that uid
  // reads them (mode 0600 does not help) and finds its names taken.
  std::string tag = random_hex(6);
  std::string names = "['/tmp/mai-shared-" + tag + "', '/dev/shm/mai-shared-" + tag + "']";
  const std::string plant = "NAMES = " + names + R"(
for n in NAMES:
    fd = os.open(n, os.O_CREAT | os.O_WRONLY, 0o600)
    os.write(fd, b'secret of the first run')
    os.close(fd)
ready('planted ' + ' '.join(NAMES))
)";
  const std::string look = "NAMES = " + names + R"(
for n in NAMES:
    try:
        print('ESCAPED: read', n, open(n, 'rb').read())
    except FileNotFoundError:
        print('unaffected: no', n)
    except OSError as e:
        print('ESCAPED: the name is taken:', n, e)
)";
  {
    LiveRun attacker(in_sandbox(plant + "time.sleep(120)\n"), attacker_limits());
    ASSERT_TRUE(attacker.await_file("/tmp/ready")) << attacker.wait().stderr_data;
    auto o = sandboxed(look);
    EXPECT_CONTAINED(o);
    EXPECT_TRUE(contains(o.stdout_data, "unaffected: no /dev/shm/")) << o.stdout_data << o.stderr_data;
  }
  IdLease uid = lease_test_uid();
  {
    HostProcess attacker(std::string(kPrelude) + plant + "time.sleep(120)\n", uid.first());
    ASSERT_TRUE(attacker.await_ready()) << attacker.output();
    EXPECT_ESCAPES_ON_HOST(run_on_host(look, Language::python, {uid.first()}));
  }
  ::unlink(("/tmp/mai-shared-" + tag).c_str());
  ::unlink(("/dev/shm/mai-shared-" + tag).c_str());
}
