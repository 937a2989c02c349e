// Docker's share of the stale-run cleanup, and doctor's view of the daemon.
#include "sandbox/docker/docker_cleanup.hpp"

#include <sys/stat.h>

#include "common/error.hpp"
#include "sandbox/docker/container_spec.hpp"
#include "sandbox/docker/containers.hpp"
#include "sandbox/docker/docker_sandbox.hpp"
#include "sandbox/run_dir.hpp"

namespace mai::sandbox {

void remove_stale_containers(const std::string& scratch_root, const config::DockerSettings& cfg,
                             const std::vector<std::string>& stale_ids) {
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
