#include "sandbox/docker/docker_warm.hpp"

#include <cmath>
#include <cstring>
#include <poll.h>
#include <unistd.h>

#include "common/error.hpp"
#include "common/sha256.hpp"
#include "sandbox/docker/container_spec.hpp"
#include "sandbox/docker/containers.hpp"
#include "sandbox/docker/raw_attach.hpp"
#include "sandbox/mounts/input_copy.hpp"
#include "sandbox/phase_timing.hpp"
#include "sandbox/run_rlimits.hpp"

namespace mai::sandbox::docker {

namespace {

constexpr int kReadyTimeoutMs = 30000;  // a loaded daemon takes seconds to start one

class DockerWarmEntry final : public WarmEntry {
 public:
  DockerWarmEntry(DockerRun run, const WarmShape& shape, const config::FileSettings& files)
      : run_(std::move(run)), shape_(shape), files_(files), client_(run_.socket) {
    try {
      client_.negotiate();
      if (shape_.language == Language::python) start_waiting();
    } catch (...) {
      discard();
      throw;
    }
  }
  ~DockerWarmEntry() override { discard(); }

  uint64_t memory_bytes() const override {
    if (spent_ || !run_.parent) return 0;
    try {
      return run_.parent->stats().memory_bytes;
    } catch (...) {
      return 0;
    }
  }

  std::unique_ptr<Sandbox> hand_off(const RunSpec& spec) override {
    if (spent_) throw SandboxError("sandbox_setup", "a warm container runs one program only");
    if (!warm_fits(shape_, spec)) throw SandboxError("sandbox_setup", "the warm container does not fit the run");
    spent_ = true;  // whatever happens now, it serves no other run
    bool python = shape_.language == Language::python;
    std::string go = changed_rlimits(shape_.limits, spec.limits);
    // Until the go is sent nothing of the run has happened: a container that
    // died waiting, or limits that cannot be tightened, leave it to a cold start.
    if (python && ended_while_waiting()) throw SandboxError(kWarmEntryLost, "the warm container died while it waited");
    // A shell's rlimits are the container's Ulimits, which no update changes.
    if (!python && !go.empty())
      throw SandboxError(kWarmEntryLost, "a warm shell container cannot lower its rlimits");
    tighten(spec.limits);
    try {
      place_code(spec);
      run_.dir->assign(spec.run_id);
    } catch (const std::exception& e) {
      throw SandboxError(kWarmEntryLost, e.what());
    }
    // The manifest compares with the request's code, not the bootstrap that waited.
    run_.collect_tmp = spec.files.collect_tmp;
    run_.manifest = manifest_limits(files_, spec.files);
    run_.baseline.clear();
    run_.baseline[code_name(spec.language)] = sha256_hex(spec.code);
    run_.limits = spec.limits;
    run_.flood_bytes = spec.output_flood_bytes;
    run_.defer_removal = true;  // as a warm native run's directory
    phase_done("docker hand-off: finer limits, code, run id");
    // From here on the sandbox owns (and always removes) the container.
    held_ = false;
    auto box = std::make_unique<DockerSandbox>(std::move(run_));
    if (python)
      box->go(go + "\n");  // the newline says it is a go (warm_bootstrap.hpp)
    else
      box->start();
    phase_done("docker hand-off: go sent (shell: attached, started)");
    return box;
  }

 private:
  // The run's code into its /sandbox as a cold launch puts it there (by the
  // host, through the tmpfs's descriptor, owned by the run's uid): only the
  // bootstrap ran so far, and it reads main.py again only after its go.
  void place_code(const RunSpec& spec) {
    run_.dir->rewrite_code(spec.code);
    int run_fd = run_.dir->open_path();
    try {
      uint32_t uid = run_.ids.id(0);
      replace_code(run_fd, run_.sandbox_fs->fd(), code_name(spec.language), uid, uid);
    } catch (...) {
      ::close(run_fd);
      throw;
    }
    ::close(run_fd);
  }

  // Attaches, starts, and reads the bootstrap's 'w': the first frame on stdout.
  void start_waiting() {
    run_.attach_fd = attach_raw(client_, run_.container_id, kReadyTimeoutMs);
    start_container(client_, run_.container_id);
    // Before the bootstrap runs: its calls would wait for the watch.
    start_write_watch(run_, new_end_secret());
    char frame[9];
    if (!read_exactly(run_.attach_fd, frame, sizeof frame, kReadyTimeoutMs) || frame[0] != 1 ||
        std::memcmp(frame + 4, "\0\0\0\1w", 5) != 0)
      throw SandboxError("sandbox_setup", "the warm container's interpreter did not start waiting");
    run_.init_pid = inspect_container(client_, run_.container_id)["State"].value("Pid", 0);
  }

  // The bootstrap writes nothing more until its go: anything readable (data
  // or the daemon's end of the stream) means the container is gone.
  bool ended_while_waiting() const {
    pollfd pf{run_.attach_fd, POLLIN | POLLRDHUP, 0};
    return ::poll(&pf, 1, 0) != 0;
  }

  // A finer request's cpus, memory and pids, on the container and on the
  // run's parent cgroup around it. Refused: the run starts cold.
  void tighten(const Limits& want) {
    const Limits& have = shape_.limits;
    if (want.cpus == have.cpus && want.memory_bytes == have.memory_bytes && want.pids == have.pids) return;
    auto mem = static_cast<int64_t>(want.memory_bytes);
    nlohmann::json body = {{"Memory", mem},
                           {"MemorySwap", mem},
                           {"NanoCpus", static_cast<int64_t>(std::llround(want.cpus * 1e9))},
                           {"PidsLimit", static_cast<int64_t>(want.pids)}};
    Response r;
    try {
      r = client_.call("POST", "/containers/" + run_.container_id + "/update", body.dump());
    } catch (const std::exception& e) {
      throw SandboxError(kWarmEntryLost, e.what());
    }
    if (r.status != 200)
      throw SandboxError(kWarmEntryLost, "the Docker daemon did not tighten the warm container's limits: " +
                                             error_message(r));
    try {
      if (run_.parent) run_.parent->set_limits(want);
    } catch (const std::exception& e) {
      throw SandboxError(kWarmEntryLost, std::string("the warm container's parent cgroup: ") + e.what());
    }
  }

  // Removes what the entry still holds (nothing once a sandbox took it).
  void discard() noexcept {
    if (!held_) return;
    held_ = false;
    try {
      DockerSandbox gone(std::move(run_));
    } catch (...) {
      // Only a thread that would not start: the next start's stale-run sweep removes it.
    }
  }

  DockerRun run_;
  WarmShape shape_;
  config::FileSettings files_;  // the manifest's caps, with what each request asks
  Client client_;
  bool spent_ = false;
  bool held_ = true;  // run_ is still ours to remove
};

}  // namespace

std::unique_ptr<WarmEntry> make_warm_entry(DockerRun run, const WarmShape& shape,
                                           const config::FileSettings& files) {
  return std::make_unique<DockerWarmEntry>(std::move(run), shape, files);
}

}  // namespace mai::sandbox::docker
