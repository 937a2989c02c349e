// make_docker_backend: checks the daemon and the image once, then launches
// each run as a hardened container (plus, for deps, a network holder), or
// builds one ahead for the warm pool (docker_warm.hpp).
#include <sys/stat.h>
#include <sys/types.h>
#include <unistd.h>

#include "common/error.hpp"
#include "common/files.hpp"
#include "common/ids.hpp"
#include "common/sha256.hpp"
#include "sandbox/docker/container_spec.hpp"
#include "sandbox/docker/containers.hpp"
#include "sandbox/docker/docker_cleanup.hpp"
#include "sandbox/docker/docker_sandbox.hpp"
#include "sandbox/docker/docker_warm.hpp"
#include "sandbox/docker/netns_listener.hpp"
#include "sandbox/docker/seccomp_profile_json.hpp"
#include "sandbox/file_manifest.hpp"
#include "sandbox/id_lease.hpp"
#include "sandbox/input_staging.hpp"
#include "sandbox/mounts/input_copy.hpp"
#include "sandbox/warm_bootstrap.hpp"

namespace mai::sandbox {

namespace {

using namespace docker;

class DockerBackend final : public Backend, public WarmSource {
 public:
  explicit DockerBackend(const config::SandboxConfig& cfg)
      : cfg_(cfg.docker), warm_max_idle_ms_(cfg.warm.max_idle_ms), files_(cfg.files), client_(cfg.docker.socket),
        seccomp_(seccomp_profile_json().dump()),
        layout_(detect_cgroup_layout()), ids_(cfg.docker.ids, config::kDockerIdsPerRun),
        // The native helper, static: it runs in any image (docker_watch_protocol.hpp).
        init_path_(cfg.native.init_path.empty() ? executable_dir() + "/mai-sandbox-init" : cfg.native.init_path) {
    if (cfg_.refused_writes && ::access(init_path_.c_str(), X_OK) != 0)
      throw SandboxError("sandbox_setup", "docker.refused_writes needs the init helper " + init_path_ +
                                              " (it is the containers' entrypoint)");
    client_.negotiate();
    require_image(client_, cfg_.image);
  }

  std::vector<std::string> isolation() const override {
    // No user namespace: the container's uid (the run's own) is a plain host uid.
    return {"pid", "net", "mount", "ipc", "uts", "cgroup",
            "seccomp", "no_new_privs", "caps_dropped", "read_only_root"};
  }

  std::unique_ptr<Sandbox> launch(const RunSpec& spec) override {
    DockerRun run = new_run(spec);
    uint32_t uid = run.ids.id(0);
    // From here on the sandbox object owns (and always removes) what exists.
    std::string holder;
    try {
      if (spec.network == NetworkMode::deps) {
        holder = create_container(client_, holder_container_name(spec.run_id),
                                  holder_container_body(spec, cfg_, uid, seccomp_));
        run.holder_id = holder;
        start_container(client_, holder);
        auto j = inspect_container(client_, holder);
        int pid = j["State"].value("Pid", 0);
        if (pid <= 0) throw SandboxError("sandbox_setup", "the network holder container is not running");
        run.proxy_fd = listen_in_netns(pid, kProxyPort);
      }
      run.container_id = create_container(client_, run_container_name(spec.run_id),
                                          run_container_body(spec, cfg_, container_inputs(run, holder, false)));
    } catch (...) {
      DockerSandbox cleanup_only(std::move(run));  // removes the holder, the cgroup and the directory
      throw;
    }
    auto box = std::make_unique<DockerSandbox>(std::move(run));
    box->start();  // on failure the destructor removes everything
    return box;
  }

  std::unique_ptr<WarmEntry> prepare_warm(const WarmShape& shape, const std::string& scratch_root,
                                          const WarmBuildHooks& hooks) override {
    if (hooks.host_memory_released) hooks.host_memory_released();  // the daemon makes the processes
    RunSpec spec = warm_build_spec(shape, scratch_root);
    // /tmp a host tmpfs too, as a collected one is: whether the run collects
    // it is known only at hand-off, and otherwise it is the same mount.
    spec.files.collect_tmp = true;
    bool python = shape.language == Language::python;
    spec.code = python ? python_warm_bootstrap(WarmChannel::std_streams, give_up_after(warm_max_idle_ms_)) : "";
    DockerRun run = new_run(spec);
    try {
      run.container_id = create_container(client_, run_container_name(spec.run_id),
                                          run_container_body(spec, cfg_, container_inputs(run, "", python)));
    } catch (...) {
      DockerSandbox cleanup_only(std::move(run));
      throw;
    }
    return make_warm_entry(std::move(run), shape, files_);
  }

 private:
  // What every run's container needs first: its host id, its scratch
  // directory with the code, its /sandbox (and collected /tmp) filled on the
  // host, and its parent cgroup with the run's limits.
  DockerRun new_run(const RunSpec& spec) {
    DockerRun run;
    run.socket = cfg_.socket;
    run.run_id = spec.run_id;
    run.limits = spec.limits;
    run.flood_bytes = spec.output_flood_bytes;
    run.cgroup_parent = cfg_.cgroup_parent;
    run.ids = ids_.acquire();
    run.collect_tmp = spec.files.collect_tmp;
    run.manifest = manifest_limits(files_, spec.files);
    try {
      note_docker_runs(spec.scratch_root);  // before any container: a later sweep looks here
      run.dir = std::make_unique<RunDir>(spec.scratch_root, spec.run_id);
      run.dir->write_code(spec.code);
      run.baseline = stage_inputs(run.dir->path(), spec.inputs, spec.limits.tmpfs_bytes);
      run.baseline[code_name(spec.language)] = sha256_hex(spec.code);
      writable_mounts(run, spec, run.ids.id(0));
      if (cfg_.refused_writes)
        run.watch_socket = std::make_unique<WriteWatchSocket>(run.dir->path() + "/watch", run.ids.id(0));
      if (layout_.version != 0) {
        run.parent = make_cgroup(layout_, cfg_.cgroup_parent, spec.run_id);
        try {
          run.parent->create();
          // The same limits once more around the container: its peak memory as
          // read here can never exceed the limit, whatever runc charges outside it.
          run.parent->set_limits(spec.limits);
        } catch (const std::exception& e) {
          run.parent->destroy();
          throw SandboxError("cgroup_setup", e.what());
        }
      }
    } catch (...) {
      run.ids.vacated();  // no container exists yet: nothing can have the run's uid
      throw;
    }
    return run;
  }

  ContainerInputs container_inputs(const DockerRun& run, const std::string& holder, bool stdin_for_go) const {
    ContainerInputs in;
    in.sandbox_host_path = run.sandbox_fs->path();
    if (run.tmp_fs) in.tmp_host_path = run.tmp_fs->path();
    in.holder_id = holder;
    in.seccomp_json = seccomp_;
    in.uid = run.ids.id(0);
    in.stdin_for_go = stdin_for_go;
    if (run.watch_socket) {
      in.init_host_path = init_path_;
      in.watch_host_dir = run.watch_socket->dir();
    }
    return in;
  }

  // /sandbox (and /tmp when collected) as host tmpfs mounts under the run
  // directory (run_tmpfs.hpp), /sandbox filled with the code and the inputs
  // before any container exists, as native's init fills its own.
  void writable_mounts(DockerRun& run, const RunSpec& spec, uint32_t uid) const {
    const std::string& dir = run.dir->path();
    uint64_t cap = spec.limits.tmpfs_bytes;
    run.sandbox_fs = std::make_shared<RunTmpfs>(dir + "/sandbox", cap, "0755", uid, uid);
    // One check serves both: they are made the same way in the same place.
    run.sandbox_fs->require_seen_by_daemon(cfg_.socket);
    if (spec.files.collect_tmp) run.tmp_fs = std::make_shared<RunTmpfs>(dir + "/tmp", cap, "1777", 0, 0);
    std::vector<std::string> names;
    for (const auto& in : spec.inputs) names.push_back(in.name);
    int run_fd = run.dir->open_path();
    try {
      fill_sandbox(run_fd, run.sandbox_fs->fd(), code_name(spec.language), names, uid, uid);
    } catch (const std::exception& e) {
      ::close(run_fd);
      throw SandboxError("sandbox_setup", e.what());
    }
    ::close(run_fd);
  }

  config::DockerSettings cfg_;
  uint64_t warm_max_idle_ms_;  // a waiting bootstrap's give-up follows it
  config::FileSettings files_;
  Client client_;
  std::string seccomp_;
  CgroupLayout layout_;
  IdPool ids_;  // host-wide leases of docker.ids, one per run
  std::string init_path_;
};

}  // namespace

std::unique_ptr<Backend> make_docker_backend(const config::SandboxConfig& cfg) {
  return std::make_unique<DockerBackend>(cfg);
}

}  // namespace mai::sandbox
