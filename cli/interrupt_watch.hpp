// SIGINT, SIGTERM and SIGHUP during `mai-sandbox run`.
//
// Left to their default action they ended the process at once: the sandbox
// died with it (parent-death signal), but its cgroup and scratch directory
// stayed until the next run on the same state directory, and the log held an
// execution that never ended. Blocked instead, they are taken by a thread of
// this watch, which stops the run the way the monitor stops a run over a
// limit (termination `killed`, said in the result and in execution.end); the
// command then cleans up and exits 128+N. A second signal ends the process
// at once, for whoever cannot wait. A signal the command inherited as
// ignored (a background job's SIGINT, nohup's SIGHUP) stays ignored.
#pragma once
#include <signal.h>

#include <atomic>
#include <functional>
#include <thread>

namespace mai::cli {

class InterruptWatch {
 public:
  // Blocks the signals in the calling thread, and so in every thread it
  // starts from now on: construct it before any other thread exists.
  InterruptWatch();
  ~InterruptWatch();
  InterruptWatch(const InterruptWatch&) = delete;
  InterruptWatch& operator=(const InterruptWatch&) = delete;

  // From now on the first signal calls `on_signal` on the watch's thread.
  void start(std::function<void(int signal)> on_signal);
  // Stops watching at once (a signal after this stays pending until the
  // process exits).
  void stop();
  // The first signal taken, 0 if none.
  int signal() const { return signal_.load(); }

 private:
  void watch();
  void on(int signal);
  sigset_t set_;
  int signal_fd_ = -1;  // the blocked signals, read as data
  int stop_fd_ = -1;    // an eventfd: stop() wakes the thread through it
  std::atomic<int> signal_{0};
  std::function<void(int)> on_signal_;
  std::thread thread_;
};

}  // namespace mai::cli
