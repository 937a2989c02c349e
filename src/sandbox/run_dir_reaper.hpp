// Removes spent run directories on a thread of its own, off the run's path:
// for a warm run (warm.hpp), whose sandbox is otherwise gone (processes,
// cgroup, host ids) before its result is reported. A directory keeps its lock
// until removed, so no sweep (cleanup_stale_runs) takes it for a dead run;
// one left when the process exits is swept at the next start.
#pragma once
#include <condition_variable>
#include <deque>
#include <memory>
#include <mutex>

#include "sandbox/run_dir.hpp"

namespace mai::sandbox {

class RunDirReaper {
 public:
  static RunDirReaper& instance();  // process-wide; its thread starts on first use
  void remove_later(std::unique_ptr<RunDir> dir);
  void flush();  // returns once everything handed over so far is removed

 private:
  RunDirReaper();
  void loop();
  std::mutex mu_;
  std::condition_variable cv_;
  std::deque<std::unique_ptr<RunDir>> queue_;
  bool busy_ = false;
};

}  // namespace mai::sandbox
