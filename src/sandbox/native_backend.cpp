// The one place that composes the isolation pieces into a running sandbox:
// host ids, scratch directory, cgroup, pipes, clone + helper, id maps, go, ready.
#include <cerrno>
#include <csignal>
#include <cstring>
#include <fcntl.h>
#include <poll.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "common/error.hpp"
#include "common/files.hpp"
#include "common/sha256.hpp"
#include "sandbox/environment.hpp"
#include "sandbox/id_lease.hpp"
#include "sandbox/init_spec.hpp"
#include "sandbox/native_backend.hpp"
#include "sandbox/native_sandbox.hpp"
#include "sandbox/network.hpp"
#include "sandbox/run_rlimits.hpp"

namespace mai::sandbox {

namespace {

constexpr uint16_t kProxyPort = 3128;
constexpr int kSetupTimeoutMs = 15000;

ManifestLimits manifest_limits(const config::FileSettings& caps, const FileRequest& asked) {
  ManifestLimits m;
  m.max_listed = caps.max_listed;
  m.contents = asked.return_contents;
  m.max_file_bytes = caps.max_output_file_bytes;
  m.max_total_bytes = caps.max_output_total_bytes;
  m.max_listing_bytes = caps.max_listing_bytes;
  return m;
}

// Descriptors of one launch attempt, closed unless handed on.
struct Fds {
  std::vector<int> fds;
  ~Fds() {
    for (int fd : fds)
      if (fd >= 0) ::close(fd);
  }
  int add(int fd) {
    fds.push_back(fd);
    return fd;
  }
  int release(int fd) {
    for (int& f : fds)
      if (f == fd) f = -1;
    return fd;
  }
  void close(int fd) {
    ::close(release(fd));
  }
};

[[noreturn]] void setup_error(const std::string& what) {
  throw SandboxError("sandbox_setup", what + ": " + std::strerror(errno));
}

void make_pipe(Fds& fds, int p[2]) {
  if (::pipe2(p, O_CLOEXEC) != 0) setup_error("pipe");
  fds.add(p[0]);
  fds.add(p[1]);
}

void send_all(int fd, const std::string& msg) {
  if (::send(fd, msg.data(), msg.size(), MSG_NOSIGNAL) != static_cast<ssize_t>(msg.size()))
    setup_error("send to the sandbox init");
}

void set_nonblocking(int fd) {
  ::fcntl(fd, F_SETFL, ::fcntl(fd, F_GETFL) | O_NONBLOCK);
}

// Waits for the helper's "ready" line; returns what followed it.
std::string wait_ready(int status_fd, int pidfd) {
  std::string buf;
  auto deadline = std::chrono::steady_clock::now() + std::chrono::milliseconds(kSetupTimeoutMs);
  for (;;) {
    size_t nl = buf.find('\n');
    if (nl != std::string::npos) {
      std::string line = buf.substr(0, nl);
      if (line.rfind("ready", 0) == 0) return buf.substr(nl + 1);
      if (line.rfind("error ", 0) == 0) throw SandboxError("sandbox_setup", "sandbox setup failed: " + line.substr(6));
      throw SandboxError("sandbox_setup", "unexpected message from the sandbox init: " + line);
    }
    auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - std::chrono::steady_clock::now()).count();
    if (left <= 0) throw SandboxError("sandbox_setup", "the sandbox init did not become ready in time");
    pollfd pf[2] = {{status_fd, POLLIN, 0}, {pidfd, POLLIN, 0}};
    if (::poll(pf, 2, static_cast<int>(left)) < 0 && errno != EINTR) setup_error("poll");
    if (pf[0].revents) {
      char tmp[512];
      ssize_t n = ::read(status_fd, tmp, sizeof tmp);
      if (n > 0) {
        buf.append(tmp, static_cast<size_t>(n));
        continue;
      }
      if (n < 0 && (errno == EINTR || errno == EAGAIN)) continue;
      throw SandboxError("sandbox_setup", "the sandbox init exited during setup");
    } else if (pf[1].revents) {
      throw SandboxError("sandbox_setup", "the sandbox init exited during setup");
    }
  }
}

class NativeBackend final : public Backend {
 public:
  NativeBackend(const config::SandboxConfig& cfg, IdSource ids)
      : cfg_(cfg), layout_(detect_cgroup_layout()), ids_(std::move(ids)) {
    init_path_ = cfg.native.init_path.empty() ? executable_dir() + "/mai-sandbox-init"
                                              : cfg.native.init_path;
  }

  std::vector<std::string> isolation() const override {
    return {"user", "pid", "net", "mount", "ipc", "uts", "cgroup",
            "seccomp", "no_new_privs", "caps_dropped", "read_only_root"};
  }

  std::unique_ptr<Sandbox> launch(const RunSpec& spec) override {
    if (::geteuid() != 0) throw SandboxError("not_root", "the native sandbox must run as root");
    InitSpec is = init_spec_for(spec);
    StartedRun run;
    run.limits = spec.limits;
    run.flood_bytes = spec.output_flood_bytes;
    run.ids = ids_();
    run.collect_tmp = spec.files.collect_tmp;
    run.manifest = manifest_limits(cfg_.files, spec.files);
    try {
      run.dir = std::make_unique<RunDir>(spec.scratch_root, spec.run_id);
      run.dir->write_code(spec.code);
      run.baseline = stage_inputs(run.dir->path(), spec.inputs, spec.limits.tmpfs_bytes);
      run.baseline[is.code_name] = sha256_hex(spec.code);
      run.cgroup = make_cgroup(layout_, cfg_.native.cgroup_parent, spec.run_id);
      try {
        run.cgroup->create();
        run.cgroup->set_limits(spec.limits);
      } catch (const SandboxError&) {
        throw;
      } catch (const std::exception& e) {
        throw SandboxError("cgroup_setup", e.what());
      }
      start(run, is);
    } catch (...) {
      // The init's end empties its pid namespace; with the cgroup gone too,
      // nothing of the run is left and its ids are free again at once.
      bool gone = true;
      if (run.init.pid > 0) {
        ::kill(run.init.pid, SIGKILL);
        gone = ::waitpid(run.init.pid, nullptr, 0) == run.init.pid;
      }
      if (run.init.pidfd >= 0) ::close(run.init.pidfd);
      for (int fd : {run.writable.sandbox, run.writable.tmp})
        if (fd >= 0) ::close(fd);
      if (run.cgroup) gone = run.cgroup->destroy() && gone;
      if (gone) run.ids.vacated();
      throw;
    }
    return std::make_unique<NativeSandbox>(std::move(run));
  }

 private:
  InitSpec init_spec_for(const RunSpec& spec) const {
    InitSpec is;
    bool py = spec.language == Language::python;
    const std::string& interp = py ? cfg_.native.python : cfg_.native.shell;
    struct stat st {};
    if (interp.empty() || interp.front() != '/' || ::stat(interp.c_str(), &st) != 0)
      throw SandboxError("interpreter_missing", "interpreter " + interp + " not found");
    is.code_name = py ? "main.py" : "main.sh";
    is.argv = {interp, "/sandbox/" + is.code_name};
    is.deps_network = spec.network == NetworkMode::deps;
    is.proxy_port = is.deps_network ? kProxyPort : 0;
    is.env = sandbox_environment(spec.network, is.proxy_port);
    is.tmpfs_bytes = spec.limits.tmpfs_bytes;
    for (const auto& in : spec.inputs) is.inputs.push_back(in.name);
    for (const auto& r : run_rlimits(spec.limits)) is.rlimits.emplace_back(r.resource, r.value);
    return is;
  }

  void start(StartedRun& run, const InitSpec& is) {
    if (layout_.version == 0) throw SandboxError("cgroup_unavailable", layout_.why_unusable);
    Fds fds;
    int exe = fds.add(::open(init_path_.c_str(), O_PATH | O_CLOEXEC));
    if (exe < 0) setup_error("cannot open the init helper " + init_path_);
    int spec_p[2], status_p[2], out_p[2], err_p[2], sock[2] = {-1, -1};
    // A socket, not a pipe: if the child is already gone, send() fails with
    // EPIPE instead of raising SIGPIPE in the (multi-threaded) host.
    if (::socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, spec_p) != 0) setup_error("socketpair");
    fds.add(spec_p[0]);
    fds.add(spec_p[1]);
    make_pipe(fds, status_p);
    make_pipe(fds, out_p);
    make_pipe(fds, err_p);
    int null_fd = fds.add(::open("/dev/null", O_RDONLY | O_CLOEXEC));
    if (null_fd < 0) setup_error("open /dev/null");
    int run_fd = fds.add(run.dir->open_path());
    if (is.deps_network) {
      if (::socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, sock) != 0) setup_error("socketpair");
      fds.add(sock[0]);
      fds.add(sock[1]);
    }
    InitFds f;
    f.slot[init_fd::stdin_null] = null_fd;
    f.slot[init_fd::out] = out_p[1];
    f.slot[init_fd::err] = err_p[1];
    f.slot[init_fd::spec] = spec_p[0];
    f.slot[init_fd::status] = status_p[1];
    f.slot[init_fd::run_dir] = run_fd;
    f.slot[init_fd::proxy_sock] = sock[1];
    f.exe = exe;
    run.init = clone_init(f, run.ids.id(0));
    for (int fd : {null_fd, out_p[1], err_p[1], spec_p[0], status_p[1], run_fd, exe, sock[1]})
      if (fd >= 0) fds.close(fd);

    // The init builds the root while we move it into the run's cgroup: the
    // first cgroup.procs write can wait for an RCU grace period, and the
    // program is only started once the init has read 'C'.
    write_id_maps(run.init.pid, run.ids.id(0), run.ids.id(1));
    send_all(spec_p[1], "G" + encode_spec(is) + std::string(1, '\0'));
    run.cgroup->attach(run.init.pid);
    send_all(spec_p[1], "C");
    // Sent once the root is built; none if the init failed (wait_ready says why).
    pollfd pf{spec_p[1], POLLIN, 0};
    bool handles = ::poll(&pf, 1, kSetupTimeoutMs) == 1 &&
                   receive_writable_handles(spec_p[1], run.writable);
    fds.close(spec_p[1]);

    run.status_rest = wait_ready(status_p[0], run.init.pidfd);
    if (!handles) throw SandboxError("sandbox_setup", "the sandbox init sent no handles on /sandbox and /tmp");
    run.started = std::chrono::steady_clock::now();
    if (is.deps_network) {
      run.proxy_fd = receive_fd(sock[0]);
      if (run.proxy_fd < 0) setup_error("receive the proxy listener");
    }
    for (int fd : {out_p[0], err_p[0], status_p[0]}) set_nonblocking(fd);
    run.out_fd = fds.release(out_p[0]);
    run.err_fd = fds.release(err_p[0]);
    run.status_fd = fds.release(status_p[0]);
  }

  config::SandboxConfig cfg_;
  CgroupLayout layout_;
  IdSource ids_;  // host-wide leases of native.ids, two per run
  std::string init_path_;
};

}  // namespace

std::unique_ptr<Backend> make_native_backend(const config::SandboxConfig& cfg, IdSource ids) {
  return std::make_unique<NativeBackend>(cfg, std::move(ids));
}

std::unique_ptr<Backend> make_native_backend(const config::SandboxConfig& cfg) {
  auto pool = std::make_shared<IdPool>(cfg.native.ids, config::kNativeIdsPerRun);
  return make_native_backend(cfg, [pool] { return pool->acquire(); });
}

}  // namespace mai::sandbox
