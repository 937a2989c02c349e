// Escape battery, part 2: reaching the host's sockets and processes.
#include <atomic>
#include <cstring>
#include <netinet/in.h>
#include <poll.h>
#include <sys/stat.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <thread>

#include "attack_util.hpp"

using namespace mai;
using namespace mai::sandbox;
using namespace mai::sandbox::test;

MAI_BACKEND_SUITE_DECL(sandboxEscape);

namespace {

// A host listener that answers every connection or datagram with "pong",
// until stopped.
class HostListener {
 public:
  HostListener(int domain, int type, const std::string& unix_path = "", bool abstract = false) {
    fd_ = ::socket(domain, type | SOCK_CLOEXEC, 0);
    if (domain == AF_INET) {
      sockaddr_in a{};
      a.sin_family = AF_INET;
      a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
      ::bind(fd_, reinterpret_cast<sockaddr*>(&a), sizeof a);
      socklen_t len = sizeof a;
      ::getsockname(fd_, reinterpret_cast<sockaddr*>(&a), &len);
      port_ = ntohs(a.sin_port);
    } else {
      sockaddr_un a{};
      a.sun_family = AF_UNIX;
      std::memcpy(a.sun_path + (abstract ? 1 : 0), unix_path.data(), unix_path.size());
      socklen_t len = static_cast<socklen_t>(offsetof(sockaddr_un, sun_path) + unix_path.size() + (abstract ? 1 : 0));
      ::bind(fd_, reinterpret_cast<sockaddr*>(&a), len);
      if (!abstract) {
        ::chmod(unix_path.c_str(), 0777);
        unlink_ = unix_path;
      }
    }
    if (type == SOCK_STREAM) ::listen(fd_, 16);
    thread_ = std::thread([this, type] { serve(type); });
  }
  ~HostListener() {
    stop_ = true;
    ::shutdown(fd_, SHUT_RDWR);
    thread_.join();
    ::close(fd_);
    if (!unlink_.empty()) ::unlink(unlink_.c_str());
  }
  uint16_t port() const { return port_; }

 private:
  void serve(int type) {
    while (!stop_) {
      pollfd pf{fd_, POLLIN, 0};
      if (::poll(&pf, 1, 50) <= 0) continue;
      if (type == SOCK_STREAM) {
        int c = ::accept4(fd_, nullptr, nullptr, SOCK_CLOEXEC);
        if (c < 0) continue;
        ::send(c, "pong", 4, MSG_NOSIGNAL);
        ::close(c);
      } else {
        char buf[64];
        sockaddr_storage from{};
        socklen_t len = sizeof from;
        if (::recvfrom(fd_, buf, sizeof buf, 0, reinterpret_cast<sockaddr*>(&from), &len) > 0)
          ::sendto(fd_, "pong", 4, 0, reinterpret_cast<sockaddr*>(&from), len);
      }
    }
  }
  int fd_ = -1;
  uint16_t port_ = 0;
  std::string unlink_;
  std::atomic<bool> stop_{false};
  std::thread thread_;
};

}  // namespace

TEST_P(sandboxEscape, HostTcpListener) {
  MAI_REQUIRE_ROOT();
  HostListener l(AF_INET, SOCK_STREAM);
  std::string code = "import socket\ntry:\n    s = socket.create_connection(('127.0.0.1', " +
                     std::to_string(l.port()) +
                     "), timeout=1)\n    if s.recv(4) == b'pong': print('ESCAPED')\nexcept OSError as e:\n    print('refused', e)\n";
  EXPECT_CONTAINED(sandboxed(code));
  EXPECT_ESCAPES_ON_HOST(run_on_host(code, Language::python, {kNobody}));
}

TEST_P(sandboxEscape, HostUdpListener) {
  MAI_REQUIRE_ROOT();
  HostListener l(AF_INET, SOCK_DGRAM);
  std::string code = "import socket\ns = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)\ns.settimeout(1)\ntry:\n"
                     "    s.sendto(b'ping', ('127.0.0.1', " + std::to_string(l.port()) +
                     "))\n    if s.recvfrom(16)[0] == b'pong': print('ESCAPED')\nexcept OSError as e:\n    print('refused', e)\n";
  EXPECT_CONTAINED(sandboxed(code));
  EXPECT_ESCAPES_ON_HOST(run_on_host(code, Language::python, {kNobody}));
}

TEST_P(sandboxEscape, HostUnixPathSocket) {
  MAI_REQUIRE_ROOT();
  std::string path = "/tmp/mai-escape-" + random_hex(6) + ".sock";
  HostListener l(AF_UNIX, SOCK_STREAM, path);
  std::string code = "import socket\ns = socket.socket(socket.AF_UNIX)\ns.settimeout(1)\ntry:\n    s.connect('" + path +
                     "')\n    if s.recv(4) == b'pong': print('ESCAPED')\nexcept OSError as e:\n    print('refused', e)\n";
  EXPECT_CONTAINED(sandboxed(code));
  EXPECT_ESCAPES_ON_HOST(run_on_host(code, Language::python, {kNobody}));
}

TEST_P(sandboxEscape, HostAbstractUnixSocket) {
  MAI_REQUIRE_ROOT();
  std::string name = "mai-escape-" + random_hex(6);
  HostListener l(AF_UNIX, SOCK_STREAM, name, /*abstract=*/true);
  std::string code = "import socket\ns = socket.socket(socket.AF_UNIX)\ns.settimeout(1)\ntry:\n    s.connect('\\0" + name +
                     "')\n    if s.recv(4) == b'pong': print('ESCAPED')\nexcept OSError as e:\n    print('refused', e)\n";
  EXPECT_CONTAINED(sandboxed(code));
  EXPECT_ESCAPES_ON_HOST(run_on_host(code, Language::python, {kNobody}));
}

TEST_P(sandboxEscape, OnlyLoopbackInterface) {
  MAI_REQUIRE_ROOT();
  const std::string code = R"(import socket
names = [l.split(':')[0].strip() for l in open('/proc/net/dev').readlines()[2:]]
print(names)
if names != ['lo']:
    print('ESCAPED: interfaces', names)
s = socket.socket(); s.bind(('127.0.0.1', 0)); s.listen(); c = socket.create_connection(s.getsockname())
print('loopback works')
try:
    socket.create_connection(('1.1.1.1', 53), timeout=1); print('ESCAPED: reached the internet')
except OSError as e:
    print('no route', e.errno)
)";
  auto o = sandboxed(code);
  EXPECT_CONTAINED(o);
  EXPECT_TRUE(contains(o.stdout_data, "loopback works")) << o.stdout_data << o.stderr_data;
  EXPECT_ESCAPES_ON_HOST(run_on_host(code, Language::python, {kNobody}));
}

TEST_P(sandboxEscape, SeeHostProcesses) {
  MAI_REQUIRE_ROOT();
  std::string me = std::to_string(::getpid());
  std::string code = R"(import os
pids = [p for p in os.listdir('/proc') if p.isdigit()]
print('pids', pids)
if os.path.exists('/proc/)" + me + R"('):
    print('ESCAPED: sees the supervisor')
for p in pids:
    try:
        if b'sandbox_escape_test' in open('/proc/%s/cmdline' % p, 'rb').read():
            print('ESCAPED: sees', p)
    except OSError:
        pass
)";
  auto o = sandboxed(code);
  EXPECT_CONTAINED(o);
  // The init (pid 1) and the program; on Docker the init's child gets whatever pid comes next.
  if (on_docker())
    EXPECT_TRUE(contains(o.stdout_data, "pids ['1', '")) << o.stdout_data;
  else
    EXPECT_TRUE(contains(o.stdout_data, "pids ['1', '2']")) << o.stdout_data;
  EXPECT_EQ(std::count(o.stdout_data.begin(), o.stdout_data.end(), ','), 1) << o.stdout_data;
  EXPECT_ESCAPES_ON_HOST(run_on_host(code, Language::python, {kNobody}));
}

// The two attacks below aim at a host process running as the very host uid
// the sandbox's code has. That uid is leased when the run starts, so the run
// comes first and reads its victim's pid from /tmp/victim.
namespace {
const char* kAwaitVictim = R"(import os, signal, time
while not os.path.exists('/tmp/victim'):
    time.sleep(0.01)
victim = int(open('/tmp/victim').read())
)";
}  // namespace

TEST_P(sandboxEscape, SignalHostProcessOfTheSameUid) {
  MAI_REQUIRE_ROOT();
  LiveRun run(std::string(kAwaitVictim) + R"(try:
    os.kill(victim, signal.SIGKILL); print('ESCAPED: killed', victim)
except OSError as e:
    print('refused', e)
try:
    os.kill(-1, signal.SIGKILL)   # may hit only the sandbox's own processes
except OSError as e:
    print('kill(-1):', e)
time.sleep(0.2)
print('survived')
)");
  HostVictim victim(run.uid());
  run.put_file("/tmp/victim", std::to_string(victim.pid()));
  const auto& o = run.wait();
  EXPECT_CONTAINED(o);
  EXPECT_TRUE(contains(o.stdout_data, "refused")) << o.stdout_data << o.stderr_data;
  EXPECT_TRUE(contains(o.stdout_data, "survived")) << o.stdout_data << o.stderr_data;
  EXPECT_TRUE(victim.alive());
  // On the host, the same uid is all it takes.
  IdLease uid = lease_test_uid();
  HostVictim host_victim(uid.first());
  auto host = run_on_host("import os, signal\nos.kill(" + std::to_string(host_victim.pid()) +
                              ", signal.SIGKILL)\nprint('ESCAPED')\n",
                          Language::python, {uid.first()});
  EXPECT_ESCAPES_ON_HOST(host);
}

TEST_P(sandboxEscape, PtraceAnotherProcess) {
  MAI_REQUIRE_ROOT();
  // Inside, it also tries pid 1 (the sandbox's init); on the host only the victim.
  const std::string attack = std::string(kCtypes) + R"(
for pid in PIDS:
    if libc.ptrace(16, pid, 0, 0) == 0:
        print('ESCAPED: attached to', pid)
    else:
        print('refused', pid, os.strerror(ctypes.get_errno()))
)";
  LiveRun run(std::string(kAwaitVictim) + "PIDS = [victim, 1]\n" + attack);
  HostVictim victim(run.uid());
  run.put_file("/tmp/victim", std::to_string(victim.pid()));
  EXPECT_CONTAINED(run.wait());
  EXPECT_TRUE(victim.alive());
  EXPECT_ESCAPES_ON_HOST(run_on_host("PIDS = [" + std::to_string(victim.pid()) + "]\n" + attack));
}
