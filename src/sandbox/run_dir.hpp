// The per-run scratch directory <scratch_root>/<run_id>:
//   lock   flock'ed while the run lives (cleanup_stale_runs tests it)
//   code   the program (root's, mode 0444: the sandbox's init and a container
//          read it as "other"; nobody else can reach it through the 0700
//          scratch root). Nothing here belongs to a run's host ids, which
//          another run may hold later.
//   run_id a warm sandbox's (warm.hpp): the id of the run it was given, which
//          differs from the directory's own (cleanup_stale_runs reports it)
//   root/  mount point of the sandbox's root tmpfs (inside its mount namespace only)
//   inputs/ the staged inputs (input_staging.hpp)
//   sandbox/, tmp/  Docker runs: the host-side tmpfs mounts bound into the
//          container (docker/run_tmpfs.hpp)
#pragma once
#include <cstdint>
#include <string>

namespace mai::sandbox {

class RunDir {
 public:
  // Creates the directory and takes the lock. Throws mai::SandboxError.
  RunDir(const std::string& scratch_root, const std::string& run_id);
  ~RunDir();  // removes the directory, then releases the lock
  RunDir(const RunDir&) = delete;
  RunDir& operator=(const RunDir&) = delete;

  const std::string& path() const { return path_; }
  void write_code(const std::string& code);
  // The same file, written over in place: a container binds its inode, so a
  // warm one waiting with the bootstrap sees the run's code there (docker).
  void rewrite_code(const std::string& code);
  // A warm sandbox was given the run `run_id`: recorded in the file run_id.
  void assign(const std::string& run_id);
  // O_PATH descriptor of the directory (close-on-exec); caller closes it.
  int open_path() const;
  void remove();

 private:
  std::string path_;
  int lock_fd_ = -1;
};

// Whether a live process (ours or another) holds the run's lock; `missing`:
// there is no lock file (the directory is gone, or going).
enum class RunLock { held, free, missing };
RunLock run_lock_state(const std::string& run_path);
inline bool run_lock_held(const std::string& run_path) {
  return run_lock_state(run_path) == RunLock::held;
}
bool valid_run_id(const std::string& id);
// Removes a run directory, live or stale: first detaches the host-side
// mounts a Docker run may hold (sandbox/, tmp/), so nothing the code left in
// them is walked. Throws std::system_error.
void remove_run_tree(const std::string& path);
// The run a scratch directory served: its run_id file (warm sandboxes), else
// the directory's own name.
std::string run_id_of(const std::string& run_path, const std::string& dir_name);

}  // namespace mai::sandbox
