// The host's end of a Docker run's write watch, attacked directly: whatever
// connects and whatever it sends, the socket serves one connection, refuses
// anything but one seccomp listener with a clear error, keeps none of the
// descriptors it was sent, and is gone for every later connect.
#include <gtest/gtest.h>

#include <dirent.h>
#include <fcntl.h>
#include <sys/prctl.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <sys/wait.h>
#include <unistd.h>

#include "common/error.hpp"
#include "sandbox/docker/write_watch_socket.hpp"
#include "sandbox/fd_passing.hpp"
#include "sandbox/seccomp_policy.hpp"
#include "test_util.hpp"

using namespace mai;
using namespace mai::sandbox;
using namespace mai::sandbox::docker;
using namespace mai::sandbox::test;

namespace {

constexpr int kWaitMs = 30000;  // only an upper bound: every test's peer is already there

size_t open_fds() {
  size_t n = 0;
  DIR* d = ::opendir("/proc/self/fd");
  while (::readdir(d)) ++n;
  ::closedir(d);
  return n;
}

int connect_to(const std::string& path) {
  sockaddr_un addr{};
  addr.sun_family = AF_UNIX;
  std::snprintf(addr.sun_path, sizeof addr.sun_path, "%s", path.c_str());
  int fd = ::socket(AF_UNIX, SOCK_SEQPACKET | SOCK_CLOEXEC, 0);
  if (::connect(fd, reinterpret_cast<sockaddr*>(&addr), sizeof addr) != 0) {
    ::close(fd);
    return -1;
  }
  return fd;
}

struct Fixture {
  std::string dir = scratch_root() + "/watch-" + random_hex(8);
  std::unique_ptr<WriteWatchSocket> sock = std::make_unique<WriteWatchSocket>(dir, ::getuid());
  ~Fixture() {
    sock.reset();
    ::rmdir(dir.c_str());
  }
};

// accept() must throw a SandboxError whose message has `why`.
void expect_refused(WriteWatchSocket& s, const std::string& why, int timeout_ms = kWaitMs) {
  try {
    auto w = s.accept(timeout_ms, new_end_secret());
    ADD_FAILURE() << "accepted";
  } catch (const mai::SandboxError& e) {
    EXPECT_EQ(e.code(), "sandbox_setup");
    EXPECT_NE(std::string(e.what()).find(why), std::string::npos) << e.what();
  }
}

}  // namespace

TEST(sandboxWriteWatchSocket, GarbageIsRefusedAndTheSocketIsGone) {
  MAI_REQUIRE_ROOT();
  Fixture f;
  size_t before = open_fds();
  int c = connect_to(f.sock->socket_path());
  ASSERT_GE(c, 0);
  ASSERT_EQ(::send(c, "garbage that is no listener", 27, 0), 27);
  expect_refused(*f.sock, "not one listener");
  char ack;
  EXPECT_EQ(::recv(c, &ack, 1, 0), 0);  // no acknowledgement: the entry would stop
  ::close(c);
  // Exactly one connection: the name is gone, a second one finds nothing.
  EXPECT_EQ(::access(f.sock->socket_path().c_str(), F_OK), -1);
  EXPECT_EQ(connect_to(f.sock->socket_path()), -1);
  expect_refused(*f.sock, "one connection only");
  f.sock.reset();
  EXPECT_EQ(open_fds(), before - 1);  // the listening socket closed too, nothing kept
}

TEST(sandboxWriteWatchSocket, ADescriptorThatIsNoListenerIsRefusedAndClosed) {
  MAI_REQUIRE_ROOT();
  for (int variant = 0; variant < 3; ++variant) {
    Fixture f;
    int c = connect_to(f.sock->socket_path());
    ASSERT_GE(c, 0);
    int p[2];
    ASSERT_EQ(::pipe2(p, O_CLOEXEC), 0);
    int etc = ::open("/etc", O_PATH | O_CLOEXEC);
    std::vector<int> sent = variant == 0   ? std::vector<int>{p[1]}       // a pipe
                            : variant == 1 ? std::vector<int>{etc}        // a directory of its choosing
                                           : std::vector<int>{p[1], etc};  // two
    ASSERT_TRUE(send_fds(c, 'N', sent));
    ::close(p[1]);
    ::close(etc);
    size_t before = open_fds();
    expect_refused(*f.sock, variant == 2 ? "not one listener" : "not a seccomp listener");
    // The host kept no copy: the pipe's only writer is gone, its reader sees EOF.
    char b;
    EXPECT_EQ(::read(p[0], &b, 1), 0) << variant;
    EXPECT_LE(open_fds(), before) << variant;
    ::close(p[0]);
    ::close(c);
  }
}

TEST(sandboxWriteWatchSocket, APeerThatSendsNothingOrLeavesIsRefused) {
  MAI_REQUIRE_ROOT();
  {
    Fixture f;
    int c = connect_to(f.sock->socket_path());
    ASSERT_GE(c, 0);
    ::close(c);  // connects and leaves
    expect_refused(*f.sock, "not one listener");
  }
  {
    Fixture f;  // nobody connects at all
    expect_refused(*f.sock, "did not connect in time", 50);
    EXPECT_EQ(connect_to(f.sock->socket_path()), -1);
  }
}

// The real thing, by hand: a child loads the filter as the container's entry
// does and hands its listener over; the host answers and starts watching.
TEST(sandboxWriteWatchSocket, TheEntrysListenerIsTakenAndAcknowledged) {
  MAI_REQUIRE_ROOT();
  Fixture f;
  int c = connect_to(f.sock->socket_path());
  ASSERT_GE(c, 0);
  pid_t child = ::fork();
  if (child == 0) {
    ::prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0);
    int listener = apply_write_watch_filter();
    char ack[64] = {};
    // The answer: the ack and the end marker's secret, which the entry sends back here.
    bool ok = send_fds(c, 'N', {listener}) && ::read(c, ack, sizeof ack) == 33 && ack[0] == 'k' &&
              ::send(c, ack + 1, 32, 0) == 32;
    ::_exit(ok ? 0 : 1);
  }
  const std::string secret = new_end_secret();
  auto handover = f.sock->accept(kWaitMs, secret);
  ASSERT_TRUE(handover.watch);
  int status = 0;
  ASSERT_EQ(::waitpid(child, &status, 0), child);
  EXPECT_TRUE(WIFEXITED(status) && WEXITSTATUS(status) == 0) << status;
  RefusedWrites w = handover.watch->finish();
  EXPECT_TRUE(w.counted) << w.note;
  EXPECT_EQ(w.count, 0u);
  // The connection is kept for the entry's report, from the peer that connected.
  EXPECT_EQ(handover.entry.pid, ::getpid());
  // This peer is no pid namespace's init: its end cannot be told fast.
  EXPECT_LT(handover.entry.pidfd.fd, 0);
  EXPECT_EQ(handover.entry.secret, secret);
  char echoed[64] = {};
  ASSERT_EQ(::recv(handover.entry.conn.fd, echoed, sizeof echoed, 0), 32);
  EXPECT_EQ(std::string(echoed, 32), handover.entry.secret);
  ::close(c);
}
