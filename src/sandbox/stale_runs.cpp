// Leftovers of a supervisor that died mid-run: a scratch directory whose lock
// nobody holds, the cgroups of the same run id, and its Docker containers.
#include <dirent.h>

#include "common/files.hpp"
#include "sandbox/cgroup.hpp"
#include "sandbox/docker/docker_cleanup.hpp"
#include "sandbox/run_dir.hpp"
#include "sandbox/sandbox.hpp"

namespace mai::sandbox {

std::vector<std::string> cleanup_stale_runs(const std::string& scratch_root,
                                            const config::SandboxConfig& cfg) {
  DIR* d = ::opendir(scratch_root.c_str());
  if (!d) return {};
  std::vector<std::string> stale;
  while (dirent* e = ::readdir(d)) {
    std::string name = e->d_name;
    if (!valid_run_id(name)) continue;
    if (!run_lock_held(scratch_root + "/" + name)) stale.push_back(name);
  }
  ::closedir(d);
  // Containers first: they hold the runs' cgroups below the docker parent.
  remove_stale_containers(scratch_root, cfg.docker, stale);
  CgroupLayout layout = detect_cgroup_layout();
  for (const auto& id : stale) {
    if (layout.version != 0) {
      for (const auto& parent : {cfg.native.cgroup_parent, cfg.docker.cgroup_parent}) {
        try {
          make_cgroup(layout, parent, id)->destroy();
        } catch (...) {
          // Keep going: one bad leftover must not block the others.
        }
      }
    }
    try {
      remove_tree(scratch_root + "/" + id);
    } catch (...) {
    }
  }
  return stale;
}

}  // namespace mai::sandbox
