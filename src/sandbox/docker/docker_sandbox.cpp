#include "sandbox/docker/docker_sandbox.hpp"

#include <algorithm>
#include <cerrno>
#include <csignal>
#include <cstring>
#include <sys/socket.h>
#include <sys/wait.h>
#include <fstream>
#include <sstream>
#include <unistd.h>

#include "common/error.hpp"
#include "sandbox/docker/containers.hpp"
#include "sandbox/docker_watch_protocol.hpp"
#include "sandbox/phase_timing.hpp"
#include "sandbox/run_dir_reaper.hpp"
#include "sandbox/warm.hpp"

namespace mai::sandbox::docker {

namespace {

using Clock = std::chrono::steady_clock;

uint64_t ms_between(Clock::time_point a, Clock::time_point b) {
  return static_cast<uint64_t>(std::chrono::duration_cast<std::chrono::milliseconds>(b - a).count());
}

constexpr auto kAttachTimeout = std::chrono::seconds(15);
constexpr auto kKillGrace = std::chrono::seconds(10);
constexpr int kWatchTimeoutMs = 30000;  // a loaded daemon takes seconds to start a container

}  // namespace

void start_write_watch(DockerRun& run, const std::string& end_secret) {
  if (!run.watch_socket) return;
  auto socket = std::move(run.watch_socket);  // one connection only, whatever happens
  auto handover = socket->accept(kWatchTimeoutMs, end_secret);
  run.watch = std::move(handover.watch);
  run.entry = std::move(handover.entry);
}

bool remove_parent_cgroup(const std::string& cgroup_parent, const std::string& run_id) {
  bool gone = true;
  // Every cgroup mount (v1 hierarchies, or the v2 tree): rmdir <mount>/<parent>/<run_id>.
  std::ifstream in("/proc/self/mountinfo");
  std::string line;
  while (std::getline(in, line)) {
    auto dash = line.find(" - ");
    if (dash == std::string::npos) continue;
    std::istringstream tail(line.substr(dash + 3));
    std::string fstype;
    tail >> fstype;
    if (fstype != "cgroup" && fstype != "cgroup2") continue;
    std::istringstream head(line);
    std::string f[5];
    for (auto& x : f) head >> x;
    std::string dir = f[4] + "/" + cgroup_parent + "/" + run_id;
    if (::rmdir(dir.c_str()) != 0 && errno == EBUSY) {
      // A container's own directory is still there (runc removes it on stop): retry briefly.
      for (int i = 0; i < 20 && ::rmdir(dir.c_str()) != 0 && errno == EBUSY; ++i) ::usleep(10000);
    }
    gone = gone && ::access(dir.c_str(), F_OK) != 0;
  }
  return gone;
}

DockerSandbox::DockerSandbox(DockerRun run)
    : run_(std::move(run)),
      ids_(run_.ids.ids()),
      client_(run_.socket),
      out_(-1, run_.limits.output_bytes, run_.flood_bytes),
      err_(-1, run_.limits.output_bytes, run_.flood_bytes),
      demux_([this](int stream, const char* p, size_t n) {
        StreamCapture& to = stream == 1 ? out_ : err_;
        (stream == 1 ? out_end_ : err_end_).feed(p, n, [&to](const char* q, size_t k) { to.append(q, k); });
      }) {
  try {
    client_.negotiate();
  } catch (const std::exception&) {
    // Unversioned paths still reach the daemon; nothing here may stop the removal.
  }
  // A warm container's entry handed its watch over as it started; the go
  // comes later, and nothing is read from the stream before this.
  if (!run_.entry.secret.empty()) expect_end_markers(run_.entry.secret);
  keep_entry();
  if (run_.attach_fd >= 0) {
    attached_ = true;
    attach_status_ = 101;
    attach_cancel_.set_socket(run_.attach_fd);
    attach_ = std::thread([this] { read_attached(); });
  } else if (!run_.container_id.empty()) {
    attach_ = std::thread([this] { attach_thread(); });
  }
}

DockerSandbox::~DockerSandbox() { cleanup(); }

void DockerSandbox::keep_entry() {
  if (run_.entry.conn.fd >= 0 && run_.entry.pidfd.fd < 0) entry_conn_ = std::move(run_.entry.conn);
  init_exit_ = InitExit::open(std::move(run_.entry));
}

void DockerSandbox::attach_thread() {
  std::string error;
  long status = 0;
  try {
    Client c(run_.socket);
    c.negotiate();
    status = c.stream(
        "POST", "/containers/" + run_.container_id + "/attach?stream=1&stdout=1&stderr=1",
        [this](long code) {
          std::lock_guard<std::mutex> lock(mu_);
          attach_status_ = code;
          attached_ = true;
          cv_.notify_all();
        },
        [this](const char* p, size_t n) {
          std::unique_lock<std::mutex> lock(mu_);
          demux_.feed(p, n);
          note_output_end();
          hold_while_flooded(lock);
        },
        &attach_cancel_);
  } catch (const std::exception& e) {
    error = e.what();
  }
  std::lock_guard<std::mutex> lock(mu_);
  if (!attached_) attach_status_ = status;
  attach_error_ = error;
  attach_done_ = true;
  flush_output_end();
  cv_.notify_all();
}

void DockerSandbox::read_attached() {
  char buf[65536];
  for (;;) {
    ssize_t n = ::recv(run_.attach_fd, buf, sizeof buf, 0);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) break;  // the container ended, or cleanup shut the socket down
    std::unique_lock<std::mutex> lock(mu_);
    demux_.feed(buf, static_cast<size_t>(n));
    note_output_end();
    hold_while_flooded(lock);
  }
  std::lock_guard<std::mutex> lock(mu_);
  attach_done_ = true;
  flush_output_end();
  cv_.notify_all();
}

void DockerSandbox::expect_end_markers(const std::string& secret) {
  std::string marker = docker_watch::end_marker(secret);
  std::lock_guard<std::mutex> lock(mu_);
  // Nothing is held back yet: the entry has not had the secret, so no marker was written.
  out_end_ = OutputEnd(marker);
  err_end_ = OutputEnd(marker);
}

void DockerSandbox::note_output_end() {
  if (output_ended_ || !out_end_.ended() || !err_end_.ended()) return;
  output_ended_ = true;
  output_end_at_ = Clock::now();
  cv_.notify_all();
}

void DockerSandbox::flush_output_end() {
  for (int stream : {1, 2})
    (stream == 1 ? out_end_ : err_end_).flush([&](const char* p, size_t n) { (stream == 1 ? out_ : err_).append(p, n); });
  if (!output_ended_) output_end_at_ = Clock::now();
  output_ended_ = true;
}

void DockerSandbox::hold_while_flooded(std::unique_lock<std::mutex>& lock) {
  if (!out_.flooded() && !err_.flooded()) return;
  cv_.notify_all();
  // Reading on would let the program write on through Docker's buffers at
  // full speed until the kill lands (it wrote all 32 MiB of a flood under
  // ASan); not reading fills the stream, and its next write blocks.
  cv_.wait(lock, [this] { return flood_handled_; });
}

void DockerSandbox::exit_thread() {
  if (init_exit_) {
    // Long enough for any run: the timeout kill ends pid 1 well before.
    auto end = init_exit_->wait(static_cast<long>(run_.limits.timeout_ms) + 120000);
    std::lock_guard<std::mutex> lock(mu_);
    if (end.init_gone) init_gone_at_ = end.at;
    if (end.status) {
      init_reported_at_ = end.at;
      ended_ = end.at;
      wait_status_ = end.status;
      exit_known_ = true;
      cv_.notify_all();
      return;
    }
  }
  wait_thread();  // no word from our init (killed, absent, or not to be trusted)
}

void DockerSandbox::wait_thread() {
  std::string error;
  int64_t code = -1;
  try {
    Client c(run_.socket);
    c.negotiate();
    // Long enough for any run: the timeout kill ends it well before.
    long limit = static_cast<long>(run_.limits.timeout_ms) + 120000;
    Response r = c.call("POST", "/containers/" + run_.container_id + "/wait?condition=not-running", "", limit);
    auto j = nlohmann::json::parse(r.body, nullptr, false);
    if (r.status == 200 && j.is_object() && j.contains("StatusCode") && j["StatusCode"].is_number())
      code = j["StatusCode"].get<int64_t>();
    else
      error = "waiting for the container failed: " + error_message(r);
  } catch (const std::exception& e) {
    error = e.what();
  }
  std::lock_guard<std::mutex> lock(mu_);
  ended_ = wait_answered_at_ = Clock::now();
  exit_code_ = code;
  wait_error_ = error;
  exit_known_ = true;
  cv_.notify_all();
}

void DockerSandbox::start() {
  {
    std::unique_lock<std::mutex> lock(mu_);
    // The program must not write before its output has somewhere to go.
    if (!cv_.wait_for(lock, kAttachTimeout, [this] { return attached_ || attach_done_; }))
      throw SandboxError("docker_refused", "the Docker daemon did not accept the attach in time");
    if (!attached_ || (attach_status_ != 200 && attach_status_ != 101))
      throw SandboxError("docker_refused", "the Docker daemon refused to attach to the container" +
                                               (attach_error_.empty() ? std::string() : ": " + attach_error_));
  }
  start_container(client_, run_.container_id);
  phase_done("docker: container started");
  // The program starts only once its entry's listener is ours, and ends its
  // output with a marker only once the secret is sent: looked for from now.
  std::string end_secret = new_end_secret();
  if (run_.watch_socket) expect_end_markers(end_secret);
  start_write_watch(run_, end_secret);
  if (run_.watch) phase_done("docker: write watch taken");
  started_ = Clock::now();
  auto j = inspect_container(client_, run_.container_id);
  run_.init_pid = j["State"].value("Pid", 0);
  keep_entry();
  waiter_ = std::thread([this] { exit_thread(); });
}

void DockerSandbox::go(const std::string& input) {
  // What the bootstrap did while it waited is not the run's code.
  if (run_.watch) run_.watch->reset();
  started_ = Clock::now();
  size_t done = 0;
  while (done < input.size()) {
    ssize_t n = ::send(run_.attach_fd, input.data() + done, input.size() - done, MSG_NOSIGNAL);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) break;
    done += static_cast<size_t>(n);
  }
  // EOF on the program's stdin (StdinOnce): the bootstrap runs the code.
  if (done < input.size() || ::shutdown(run_.attach_fd, SHUT_WR) != 0)
    throw SandboxError(kWarmEntryLost, std::string("the warm container took no go: ") + std::strerror(errno));
  waiter_ = std::thread([this] { exit_thread(); });
}

ProbeTarget DockerSandbox::probe_target() const {
  ProbeTarget t;
  t.docker_socket = run_.socket;
  t.docker_container = run_.container_id;
  t.init_pid = run_.init_pid;
  if (run_.parent) {
    // The container's own cgroup, for the counters the stats stream lacks.
    t.cgroup_version = run_.parent->version();
    for (const auto& d : run_.parent->dirs()) t.cgroup_dirs.push_back(d + "/" + run_.container_id);
  }
  if (run_.init_pid > 0) {
    std::string root = "/proc/" + std::to_string(run_.init_pid) + "/root";
    t.disk_paths = {root + "/sandbox", root + "/tmp", root + "/dev/shm"};
  }
  t.disk_cap_bytes = run_.limits.tmpfs_bytes;
  return t;
}

void DockerSandbox::kill() {
  {
    std::lock_guard<std::mutex> lock(mu_);
    if (cleaned_) return;
    kill_requested_ = true;
  }
  kill_container(client_, run_.container_id);
}

std::unique_ptr<Cgroup> DockerSandbox::child_cgroup() const {
  // The container's own cgroup: <parent dir>/<container id> in each hierarchy.
  if (!run_.parent) return nullptr;
  std::vector<std::string> dirs;
  for (const auto& d : run_.parent->dirs()) dirs.push_back(d + "/" + run_.container_id);
  return open_cgroup(run_.parent->version(), dirs);
}

CgroupStats DockerSandbox::child_stats() const {
  try {
    auto cg = child_cgroup();
    return cg ? cg->stats() : CgroupStats{};
  } catch (...) {
    return {};
  }
}

void DockerSandbox::mark_end_phases() {
  // In the order they happened (each thread saw its own), for sandbox_bench.
  std::vector<std::pair<Clock::time_point, const char*>> seen;
  Clock::time_point none{};
  if (init_reported_at_ != none) seen.emplace_back(init_reported_at_, "docker: our init reported the end");
  if (init_gone_at_ != none) seen.emplace_back(init_gone_at_, "docker: pid 1 gone, no report (pidfd)");
  if (output_end_at_ != none)
    seen.emplace_back(output_end_at_, out_end_.ended() && err_end_.ended() ? "docker: output in (end markers)"
                                                                  : "docker: output in (stream end)");
  if (wait_answered_at_ != none) seen.emplace_back(wait_answered_at_, "docker: /wait answered");
  std::sort(seen.begin(), seen.end());
  for (const auto& [at, name] : seen) phase_done_at(name, at);
}

RawOutcome DockerSandbox::wait() {
  if (outcome_) return *outcome_;
  RawOutcome r;
  r.limits = run_.limits;
  const auto deadline = started_ + std::chrono::milliseconds(run_.limits.timeout_ms);
  std::optional<Clock::time_point> killed_at;
  uint64_t pids_events = 0, oom_kills = 0;
  uint32_t pids_seen = 0;
  auto kill_now = [&] {
    kill_container(client_, run_.container_id);
    if (!killed_at) killed_at = Clock::now();
  };
  std::unique_lock<std::mutex> lock(mu_);
  while (!(exit_known_ && output_ended_)) {
    cv_.wait_for(lock, std::chrono::milliseconds(100));
    bool flood = out_.flooded() || err_.flooded();
    auto now = Clock::now();
    lock.unlock();
    // Counters only the container's own cgroup has (forks refused, OOM kills),
    // read while it exists: runc removes it with the container's end.
    CgroupStats cs = child_stats();
    pids_events = std::max(pids_events, cs.pids_max_events);
    oom_kills = std::max(oom_kills, cs.oom_kills);
    pids_seen = std::max(pids_seen, cs.pids);
    if (flood && !r.output_flood) {
      r.output_flood = true;
      // At once, through the container's cgroup: Docker's kill answers only
      // once the container has stopped, and that waits for its output to be
      // drained, which the held readers do not do.
      try {
        if (auto cg = child_cgroup()) cg->kill_all();
      } catch (...) {
        // Docker's kill below still ends it.
      }
      {
        std::lock_guard<std::mutex> held(mu_);
        flood_handled_ = true;  // the readers drain again, to the stream's end
        cv_.notify_all();
      }
      kill_now();
    }
    if (!r.timed_out && !exit_known_ && now >= deadline) {
      r.timed_out = true;
      kill_now();
    }
    lock.lock();
    if (exit_known_ && !output_ended_ && now - ended_ > std::chrono::seconds(2))
      attach_cancel_.cancel();  // the program is gone; a stuck stream must not hold the run
    if (killed_at && now - *killed_at > kKillGrace) break;
  }
  mark_end_phases();
  phase_done("docker: program ended, output in");
  bool exit_known = exit_known_;
  bool output_in = output_ended_;
  std::optional<int> wait_status = wait_status_;
  int64_t code = exit_code_;
  std::string wait_error = wait_error_;
  auto ended = exit_known_ ? ended_ : Clock::now();
  r.stdout_truncated = out_.truncated();
  r.stderr_truncated = err_.truncated();
  r.stdout_data = out_.take();
  r.stderr_data = err_.take();
  r.killed = kill_requested_;
  lock.unlock();

  r.wall_ms = ms_between(started_, ended);
  if (wait_status) {
    // Ended before the loop above read the container's own cgroup: it is
    // still there (the daemon has not processed the end yet).
    CgroupStats cs = child_stats();
    oom_kills = std::max(oom_kills, cs.oom_kills);
    pids_events = std::max(pids_events, cs.pids_max_events);
    pids_seen = std::max(pids_seen, cs.pids);
  }
  if (run_.parent) {
    // Hierarchical counters of the run's parent survive the container's cgroup.
    CgroupStats ps = run_.parent->stats();
    oom_kills = std::max(oom_kills, ps.oom_kills);
    r.cpu_ms = ps.cpu_usage_us / 1000;
    r.peak_memory_bytes = ps.peak_memory_bytes;
    r.max_pids = std::max(ps.peak_pids, pids_seen);
  }
  // The daemon's OOM flag: an inspect answers only once the daemon has
  // processed the container's end (tens of milliseconds after our init said
  // it), so it is asked only when the cgroups' counters may have missed a
  // kill (the container's own cgroup removed before a reading).
  bool sigkill_unexplained = !wait_status || (WIFSIGNALED(*wait_status) && WTERMSIG(*wait_status) == SIGKILL &&
                                              oom_kills == 0 && !r.killed);
  bool oom_flag = false;
  if (sigkill_unexplained) {
    try {
      auto j = inspect_container(client_, run_.container_id);
      oom_flag = j["State"].value("OOMKilled", false);
    } catch (...) {
    }
  }
  r.oom_killed = oom_flag || oom_kills > 0;
  phase_done("docker: inspect, cgroup figures");
  // cgroup v1 counts a refused fork only in the container's own cgroup, which
  // runc removes the moment the program ends (often before a reading): the
  // parent's peak reaching the limit (it has the same pids.max) counts too.
  r.pids_limit_hit = pids_events > 0 || (run_.parent && r.max_pids >= run_.limits.pids);
  if (wait_status) {
    // Our init's word: it tells exit(137) from SIGKILL, which /wait cannot.
    if (WIFSIGNALED(*wait_status)) {
      r.signal = WTERMSIG(*wait_status);
    } else {
      r.exited = true;
      r.exit_status = WEXITSTATUS(*wait_status);
    }
  } else if (!exit_known || code < 0) {
    if (!r.timed_out && !r.output_flood && !r.killed)
      r.failure = wait_error.empty() ? "the container's end could not be observed" : wait_error;
    r.signal = SIGKILL;
  } else if (code > 128 && code <= 128 + 64) {
    // docker-init exits 128+N when the program died from signal N. The API
    // cannot tell that from a program calling exit(128+N) itself.
    r.signal = static_cast<int32_t>(code - 128);
  } else {
    r.exited = true;
    r.exit_status = static_cast<int32_t>(code);
  }
  // The program has ended (or was killed and given up on; then closing the
  // listener fails any call still waiting with ENOSYS, and the removal below
  // ends the rest).
  if (run_.watch)
    r.refused_writes = run_.watch->finish();
  else
    r.refused_writes.note = "not counted: config docker.refused_writes is off";
  // A warm run's exited container goes off the request path, as a warm
  // native run's directory does; anything still running is removed now.
  // Exited means our init (the container's pid 1) reported the end after
  // it killed and reaped every other process of the container, or the
  // daemon's /wait gave a status: pid 1 has ended, and the kernel ends a pid
  // namespace's init only once every other process in it is killed and
  // reaped. Nothing of the run is left that could change /sandbox or /tmp
  // while collect_files() reads them before the reaper removes the
  // container. A failed /wait proves nothing: that run is removed now.
  if (run_.defer_removal && exit_known && (wait_status || code >= 0) && output_in) {
    remove_later();
    phase_done("docker: threads joined, removal handed to the reaper");
  } else {
    cleanup();
    phase_done("docker: container, cgroup, directory removed");
  }
  outcome_ = r;
  return r;
}

namespace {

// The run's containers, force-removed; true when the daemon confirmed each
// (it does only once the container's processes are dead).
bool remove_containers(Client& client, const DockerRun& run) {
  bool gone = true;
  if (!run.container_id.empty()) gone = remove_container(client, run.container_id) && gone;
  if (!run.holder_id.empty()) gone = remove_container(client, run.holder_id) && gone;
  return gone;
}

// Once the containers are gone: the parent cgroup, the lease, the host
// mounts, the directory.
void remove_the_rest(DockerRun& run, bool gone) {
  if (run.parent) {
    run.parent->destroy();
    // Every hierarchy's directory gone: no process is left below it.
    gone = remove_parent_cgroup(run.cgroup_parent, run.run_id) && gone;
  }
  // Not proven gone: the lease stays abandoned until /proc shows nothing of its uid.
  if (gone) run.ids.vacated();
  run.ids.release();
  // Out of the host's tree before the directory goes, so its removal walks
  // nothing the code left; a descriptor the sandbox still holds keeps the
  // files readable for collect_files().
  for (auto* fs : {run.sandbox_fs.get(), run.tmp_fs.get()})
    if (fs) fs->detach();
  if (run.dir) run.dir->remove();  // last: the lock says the run is alive until here
}

}  // namespace

void DockerSandbox::stop_threads() {
  {
    std::lock_guard<std::mutex> lock(mu_);
    flood_handled_ = true;  // a reader held by a flood must not block the join
    cv_.notify_all();
  }
  attach_cancel_.cancel();
  if (attach_.joinable()) attach_.join();
  if (waiter_.joinable()) waiter_.join();
  if (run_.attach_fd >= 0) attach_cancel_.close_socket(run_.attach_fd);
  run_.attach_fd = -1;
  if (run_.proxy_fd >= 0) ::close(run_.proxy_fd);
  run_.proxy_fd = -1;
}

FileManifest DockerSandbox::collect_files() {
  // Only once nothing of the run can write: wait() ends either with
  // cleanup() (the containers are gone) or, for a warm run, with
  // remove_later() once the daemon reported the program's end (see there).
  // Read from the descriptors taken before the container existed.
  wait();
  FileManifest m = collect_manifest(run_.sandbox_fs ? run_.sandbox_fs->fd() : -1,
                                    run_.tmp_fs ? run_.tmp_fs->fd() : -1, run_.collect_tmp, run_.manifest,
                                    run_.baseline);
  run_.sandbox_fs.reset();  // with the reaper's, the last reference: the kernel frees the tmpfs
  run_.tmp_fs.reset();
  return m;
}

void DockerSandbox::cleanup() {
  {
    std::lock_guard<std::mutex> lock(mu_);
    if (cleaned_) return;
    cleaned_ = true;
  }
  bool gone = remove_containers(client_, run_);  // first: that ends the attach stream
  stop_threads();
  remove_the_rest(run_, gone);
}

void DockerSandbox::remove_later() {
  {
    std::lock_guard<std::mutex> lock(mu_);
    if (cleaned_) return;
    cleaned_ = true;
  }
  stop_threads();  // both have ended: the program's end is known and its output in
  auto spent = std::make_shared<DockerRun>(std::move(run_));
  // What collect_files() reads stays here (the files reachable through the
  // shared mounts' descriptors); the reaper detaches the mounts with the rest.
  run_.sandbox_fs = spent->sandbox_fs;
  run_.tmp_fs = spent->tmp_fs;
  run_.baseline = spent->baseline;
  run_.manifest = spent->manifest;
  run_.collect_tmp = spent->collect_tmp;
  RunDirReaper::instance().later([spent] {
    Client client(spent->socket);
    try {
      client.negotiate();
    } catch (const std::exception&) {
      // Unversioned paths still reach the daemon.
    }
    remove_the_rest(*spent, remove_containers(client, *spent));
  });
}

}  // namespace mai::sandbox::docker
