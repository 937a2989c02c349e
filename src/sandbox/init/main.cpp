// mai-sandbox-init: the sandbox's pid 1 (with --watch-writes instead a
// Docker container's entrypoint: init/docker_entry.hpp). Statically linked and started by the
// host straight after clone(), so it runs with fresh memory, an empty
// environment and only the descriptors listed in init_spec.hpp.
//
//   1. read the spec; enter a new mount namespace; build the root (inputs
//      copied into /sandbox); pivot; hand the host /sandbox and /tmp.
//   2. hostname, loopback (and the deps proxy listener).
//   3. wait until the host has put us in the run's cgroup (it does so while
//      we build the root), enter a new cgroup namespace rooted there.
//   4. fork the payload, wait until it has exec'd, report "ready PID".
//   5. drop every capability, no_new_privs, not dumpable, die with the host.
//   6. reap orphans until the payload exits; report "exit WSTATUS"; exit,
//      which makes the kernel kill everything left in the pid namespace.
//
// A warm sandbox (spec.warm) reports "waiting" between 3 and 4 and reads the
// code first ("<length>\n<code>" on the spec channel), writing it over
// /sandbox/<code_name>. With spec.prestart the payload is started (4, 5)
// before "waiting": it says it waits over fd 3 (a socket), then waits there
// until the code is in place.
#include <cerrno>
#include <csignal>
#include <cstring>
#include <fcntl.h>
#include <poll.h>
#include <sched.h>
#include <stdexcept>
#include <string>
#include <sstream>
#include <time.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#include "sandbox/capabilities.hpp"
#include "sandbox/fd_passing.hpp"
#include "sandbox/docker_watch_protocol.hpp"
#include "sandbox/init/docker_entry.hpp"
#include "sandbox/init/payload.hpp"
#include "sandbox/init/same_cpu_fork.hpp"
#include "sandbox/init_spec.hpp"
#include "sandbox/mounts/rootfs.hpp"
#include "sandbox/network.hpp"
#include "sandbox/writable_handles.hpp"

using namespace mai::sandbox;

namespace {

// When each step ended (CLOCK_MONOTONIC, the host's steady clock), sent on
// the "ready"/"waiting" line as " init:STEP=NANOSECONDS" for sandbox_bench.
std::string marks;
void mark(const char* step) {
  timespec ts{};
  ::clock_gettime(CLOCK_MONOTONIC, &ts);
  marks += std::string(" init:") + step + "=" + std::to_string(ts.tv_sec * 1000000000LL + ts.tv_nsec);
}

void report(const std::string& line) {
  std::string msg = line + "\n";
  size_t done = 0;
  while (done < msg.size()) {
    ssize_t n = ::write(init_fd::status, msg.data() + done, msg.size() - done);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return;
    done += static_cast<size_t>(n);
  }
}

[[noreturn]] void fail(const std::string& what) {
  throw std::runtime_error(what + ": " + std::strerror(errno));
}

// The spec ends at a NUL; whatever followed it (perhaps already the 'C') is
// left in `rest`.
std::string read_spec(std::string& rest) {
  std::string text;
  char buf[4096];
  for (;;) {
    size_t nul = text.find('\0');
    if (nul != std::string::npos) {
      rest = text.substr(nul + 1);
      text.resize(nul);
      return text;
    }
    ssize_t n = ::read(init_fd::spec, buf, sizeof buf);
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) fail("read spec");
    if (n == 0) throw std::runtime_error("the host closed the spec channel early");
    text.append(buf, static_cast<size_t>(n));
  }
}

// Waits for the host's 'C': we are in the run's cgroup, so the program can start.
// The spec channel stays open for a warm sandbox's code and the write listener.
void await_cgroup(const std::string& rest) {
  char c = rest.empty() ? 0 : rest[0];
  while (c == 0) {
    ssize_t n = ::read(init_fd::spec, &c, 1);
    if (n < 0 && errno == EINTR) continue;
    if (n != 1) throw std::runtime_error("the host did not put the sandbox in its cgroup");
  }
  if (c != 'C') throw std::runtime_error("unexpected message from the host");
  if (rest.size() > 1) throw std::runtime_error("unexpected message from the host");
}

// A warm sandbox's code: "<length>[ RESOURCE=VALUE...]\n" then exactly that
// many bytes; the pairs are rlimits a finer request lowers. The host going
// away first (EOF) is an error, never an empty program.
struct Code {
  std::string text;
  std::vector<std::pair<int32_t, uint64_t>> rlimits;
};

Code read_code() {
  std::string header;
  char c = 0;
  for (;;) {
    ssize_t n = ::read(init_fd::spec, &c, 1);
    if (n < 0 && errno == EINTR) continue;
    if (n != 1) throw std::runtime_error("the host left before sending the code");
    if (c == '\n') break;
    if (header.size() > 4096) throw std::runtime_error("bad code header");
    header += c;
  }
  Code code;
  std::istringstream in(header);
  unsigned long long want = 0;
  if (!(in >> want) || want > (1ull << 30)) throw std::runtime_error("bad code header");
  std::string item;
  while (in >> item) {
    size_t eq = item.find('=');
    if (eq == std::string::npos) throw std::runtime_error("bad code header");
    int resource = std::stoi(item.substr(0, eq));
    if (resource < 0 || resource >= RLIM_NLIMITS) throw std::runtime_error("bad code header");
    code.rlimits.emplace_back(resource, std::stoull(item.substr(eq + 1)));
  }
  code.text.assign(want, '\0');
  size_t done = 0;
  while (done < want) {
    ssize_t n = ::read(init_fd::spec, &code.text[done], want - done);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) throw std::runtime_error("the host left while sending the code");
    done += static_cast<size_t>(n);
  }
  return code;
}

// The bootstrap says it waits (one byte) once the interpreter has read it:
// only then may the code replace it in the file.
void await_bootstrap(int fd) {
  char c = 0;
  for (;;) {
    ssize_t n = ::read(fd, &c, 1);
    if (n < 0 && errno == EINTR) continue;
    if (n != 1) throw std::runtime_error("the interpreter did not start its bootstrap");
    return;
  }
}

// A prestarted payload's go: the rlimits to lower (it sets its own), then EOF.
void send_go(int fd, const std::vector<std::pair<int32_t, uint64_t>>& rlimits) {
  std::string msg;
  for (const auto& [resource, value] : rlimits) msg += std::to_string(resource) + "=" + std::to_string(value) + " ";
  if (!msg.empty() && ::write(fd, msg.data(), msg.size()) != static_cast<ssize_t>(msg.size())) fail("write go");
  ::close(fd);
}

// Replaces the bootstrap (or the empty file) the build left at the code's path.
void write_code(int fd, const std::string& code) {
  if (::ftruncate(fd, 0) != 0) fail("truncate the code file");
  size_t done = 0;
  while (done < code.size()) {
    ssize_t n = ::pwrite(fd, code.data() + done, code.size() - done, static_cast<off_t>(done));
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) fail("write the code file");
    done += static_cast<size_t>(n);
  }
  ::close(fd);
}

// Forks the payload and waits until it has exec'd (its close-on-exec error
// channel reads EOF) or failed (the channel carries the reason). With
// spec.watch_writes the payload's write listener comes first; it is passed
// on to the host ('N' on the spec channel) before the payload counts as started.
pid_t start_payload(const InitSpec& spec, int go_fd = -1) {
  int p[2];
  if (::socketpair(AF_UNIX, SOCK_SEQPACKET | SOCK_CLOEXEC, 0, p) != 0) fail("socketpair");
  SameCpuFork cpu;
  pid_t pid = ::fork();
  if (pid == 0) {
    ::close(p[0]);
    exec_payload(spec, p[1], go_fd, cpu);
  }
  if (!cpu.restore()) fail("restore the init's CPU set");
  if (pid < 0) fail("fork payload");
  ::close(p[1]);
  std::string error, bytes;
  std::vector<int> fds;
  int listener = -1;
  while (receive_message(p[0], bytes, 4096, fds) > 0) {
    if (bytes == "N" && fds.size() == 1 && listener < 0) {
      listener = fds[0];
      continue;
    }
    for (int fd : fds) ::close(fd);
    error += bytes;
  }
  ::close(p[0]);
  if (error.empty() && spec.watch_writes && listener < 0) error = "no write listener from the payload";
  if (error.empty() && listener >= 0) {
    // With our mount namespace: the host resolves the program's paths in it,
    // and we may be gone (a short program) before it could open it by pid.
    int mount_ns = ::open("/proc/self/ns/mnt", O_RDONLY | O_CLOEXEC);
    if (mount_ns < 0 || !send_fds(init_fd::spec, 'N', {listener, mount_ns}))
      error = std::string("pass the write listener on: ") + std::strerror(errno);
    if (mount_ns >= 0) ::close(mount_ns);
  }
  if (listener >= 0) ::close(listener);
  if (!error.empty()) {
    ::kill(pid, SIGKILL);
    ::waitpid(pid, nullptr, 0);
    errno = 0;
    throw std::runtime_error("payload: " + error);
  }
  return pid;
}

// Init keeps nothing the program could use: no capabilities, no output pipes,
// not dumpable (so /proc/1/mem, environ, fd stay closed to uid 1000).
void lock_down_self() {
  drop_bounding_and_ambient();
  clear_capability_sets();
  set_no_new_privs();
  if (::prctl(PR_SET_DUMPABLE, 0, 0, 0, 0) != 0) fail("PR_SET_DUMPABLE");
  // Last, after every credential change (which would reset it).
  if (::prctl(PR_SET_PDEATHSIG, SIGKILL, 0, 0, 0) != 0) fail("PR_SET_PDEATHSIG");
  // The host may already be gone: then the status pipe has no reader.
  pollfd pf{init_fd::status, 0, 0};
  if (::poll(&pf, 1, 0) == 1 && (pf.revents & POLLERR)) ::_exit(1);
}

int reap_until(pid_t payload) {
  for (;;) {
    int st = 0;
    pid_t w = ::waitpid(-1, &st, 0);
    if (w == payload) return st;
    if (w < 0 && errno != EINTR) return -1;
  }
}

}  // namespace

int main(int argc, char** argv) {
  // A Docker container's entrypoint, not the native sandbox's pid 1.
  if (argc > 1 && std::strcmp(argv[1], docker_watch::kEntryFlag) == 0) return docker_watch_entry(argc, argv);
  pid_t payload = -1;
  try {
    std::string rest;
    InitSpec spec = decode_spec(read_spec(rest));
    mark("exec+spec");
    RootfsOptions ro;
    ro.run_dir_fd = init_fd::run_dir;
    ro.tmpfs_bytes = spec.tmpfs_bytes;
    ro.code_name = spec.code_name;
    ro.inputs = spec.inputs;
    build_rootfs(ro);
    // Before any code runs: the host reads the files from these after the run.
    send_writable_handles(init_fd::spec);
    ::close(init_fd::run_dir);
    mark("root-file-system");
    set_hostname(spec.hostname);
    bring_up_loopback();
    if (spec.deps_network) send_proxy_listener(init_fd::proxy_sock, spec.proxy_port);
    ::close(init_fd::proxy_sock);
    mark("hostname+loopback");
    // Only now is the host done moving us into the run's cgroup; the new
    // cgroup namespace is rooted there.
    await_cgroup(rest);
    if (::unshare(CLONE_NEWCGROUP) != 0) fail("unshare cgroup namespace");
    mark("cgroup-namespace");
    int code_fd = -1, go[2] = {-1, -1};
    if (spec.warm) {
      std::string path = "/sandbox/" + spec.code_name;
      code_fd = ::open(path.c_str(), O_WRONLY | O_CLOEXEC | O_NOFOLLOW);
      if (code_fd < 0) fail("open " + path);
    }
    auto start = [&] {
      payload = start_payload(spec, go[0]);
      mark("payload-setup+exec");
      if (go[0] >= 0) ::close(go[0]);
      // Only the payload's tree holds the output pipes from here on.
      ::close(init_fd::stdin_null);
      ::close(init_fd::out);
      ::close(init_fd::err);
      lock_down_self();
      mark("lock-down");
    };
    if (spec.warm && spec.prestart) {
      if (::socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, go) != 0) fail("socketpair");
      start();
      await_bootstrap(go[1]);
      mark("interpreter-start");
    }
    if (spec.warm) {
      report("waiting" + marks);
      marks.clear();
      Code code = read_code();
      write_code(code_fd, code.text);
      if (go[1] >= 0) {
        send_go(go[1], code.rlimits);
      } else {
        for (const auto& [resource, value] : code.rlimits)
          for (auto& r : spec.rlimits)
            if (r.first == resource) r.second = value;
      }
    }
    if (payload < 0) start();
    ::close(init_fd::spec);
  } catch (const std::exception& e) {
    report(std::string("error ") + e.what());
    return 1;
  }
  report("ready " + std::to_string(payload) + marks);
  int st = reap_until(payload);
  report("exit " + std::to_string(st));
  return 0;
}
