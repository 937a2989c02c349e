// Leftovers of a supervisor that died mid-run: a scratch directory whose lock
// nobody holds, the cgroups of the same run id, its Docker containers, and
// the host ids it leased.
#include <dirent.h>
#include <sys/stat.h>

#include <ctime>

#include "common/files.hpp"
#include "sandbox/cgroup.hpp"
#include "sandbox/docker/docker_cleanup.hpp"
#include "sandbox/id_lease.hpp"
#include "sandbox/run_dir.hpp"
#include "sandbox/sandbox.hpp"

namespace mai::sandbox {

std::vector<std::string> cleanup_stale_runs(const std::string& scratch_root,
                                            const config::SandboxConfig& cfg) {
  DIR* d = ::opendir(scratch_root.c_str());
  if (!d) return {};
  std::vector<std::string> stale;
  std::vector<std::string> unfinished;  // died creating or removing its directory
  while (dirent* e = ::readdir(d)) {
    std::string name = e->d_name;
    // <id>.new: being created; <id>.gone: being removed (see RunDir).
    bool building = name.size() > 4 && name.compare(name.size() - 4, 4, ".new") == 0;
    bool removing = name.size() > 5 && name.compare(name.size() - 5, 5, ".gone") == 0;
    std::string id = building ? name.substr(0, name.size() - 4)
                     : removing ? name.substr(0, name.size() - 5)
                                : name;
    if (!valid_run_id(id)) continue;
    std::string path = scratch_root + "/" + name;
    if (building || removing) {
      // A live process is inside these for a moment: only old ones can be
      // dead, and young ones are not even probed (a probe takes the lock).
      struct stat st {};
      if (::stat(path.c_str(), &st) == 0 && ::time(nullptr) - st.st_mtime >= 60 &&
          run_lock_state(path) != RunLock::held)
        unfinished.push_back(name);
    } else if (run_lock_state(path) == RunLock::free) {  // missing: removed since readdir
      stale.push_back(name);
    }
  }
  ::closedir(d);
  for (const auto& name : unfinished) {
    try {
      remove_run_tree(scratch_root + "/" + name);
    } catch (...) {
    }
  }
  // Containers first: they hold the runs' cgroups below the docker parent.
  remove_stale_containers(scratch_root, cfg.docker, stale);
  CgroupLayout layout = detect_cgroup_layout();
  std::vector<std::string> runs;  // what the audit log knows them as
  for (const auto& id : stale) {
    runs.push_back(run_id_of(scratch_root + "/" + id, id));
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
      remove_run_tree(scratch_root + "/" + id);
    } catch (...) {
    }
  }
  // Last, once their processes are gone: the ids of dead runs, of any service
  // on this host (the leases are host-wide).
  reclaim_abandoned_leases();
  return runs;
}

}  // namespace mai::sandbox
