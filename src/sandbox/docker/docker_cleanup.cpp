// Docker's share of the stale-run cleanup, and doctor's view of the daemon.
#include "sandbox/docker/docker_cleanup.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>

#include "common/error.hpp"
#include "common/files.hpp"
#include "sandbox/docker/container_spec.hpp"
#include "sandbox/docker/containers.hpp"
#include "sandbox/docker/docker_sandbox.hpp"
#include "sandbox/run_dir.hpp"

namespace mai::sandbox {

namespace {
// Never removed: a container of any earlier run may be left for a later sweep.
std::string docker_marker(const std::string& scratch_root) { return scratch_root + "/.docker-runs"; }
}  // namespace

void note_docker_runs(const std::string& scratch_root) {
  std::string path = docker_marker(scratch_root);
  int fd = ::open(path.c_str(), O_WRONLY | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0600);
  if (fd < 0) throw SandboxError("sandbox_setup", "cannot create " + path + ": " + std::strerror(errno));
  ::close(fd);
}

void remove_stale_containers(const std::string& scratch_root, const config::DockerSettings& cfg,
                             const std::vector<std::string>& stale_ids) {
  if (!path_exists(docker_marker(scratch_root))) return;  // no container was ever made here
  struct stat st {};
  if (::stat(cfg.socket.c_str(), &st) != 0 || !S_ISSOCK(st.st_mode)) return;  // no daemon here
  try {
    docker::Client c(cfg.socket);
    c.negotiate();
    for (const auto& e : docker::containers_with_label(c, std::string(docker::kScratchLabel) + "=" + scratch_root)) {
      if (!e.contains("Labels") || !e["Labels"].is_object() || !e.contains("Id")) continue;
      std::string run = e["Labels"].value(docker::kRunLabel, "");
      bool stale = std::find(stale_ids.begin(), stale_ids.end(), run) != stale_ids.end();
      // Also a run whose directory is gone or unlocked: its supervisor is dead.
      if (!stale && valid_run_id(run)) stale = !run_lock_held(scratch_root + "/" + run);
      if (!stale) continue;
      docker::remove_container(c, e["Id"].get<std::string>());
      docker::remove_parent_cgroup(cfg.cgroup_parent, run);
    }
  } catch (const std::exception&) {
    // The daemon is down: its containers are not running either; the next start retries.
  }
}

DockerStatus probe_docker(const config::DockerSettings& cfg) {
  DockerStatus s;
  try {
    docker::Client c(cfg.socket);
    s.api_version = c.negotiate();
    s.daemon = true;
    docker::require_image(c, cfg.image);
    s.image = true;
  } catch (const std::exception& e) {
    s.problem = e.what();
  }
  return s;
}

}  // namespace mai::sandbox
