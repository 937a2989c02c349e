// The host's record of the writes a native run tried and was refused. The
// payload's filter hands every write-intent call to its listener
// (seccomp_policy.hpp); one thread per run receives them, checks each
// (refused_write_check.hpp), records it, and always answers
// SECCOMP_USER_NOTIF_FLAG_CONTINUE: the kernel still decides every call, the
// watch never grants or refuses anything.
//
// A sandboxed call waits while its notification is checked, so the thread
// does nothing that can block on the sandbox (O_PATH opens, stat, a bounded
// memory read). Its record is fixed-size: a program making a million such
// calls costs a counter, not memory. It stops when told to, or when no
// process of the run is left (the listener hangs up).
#pragma once
#include <memory>
#include <mutex>
#include <thread>

#include "model/execution.hpp"

namespace mai::sandbox {

class RefusedWriteWatch {
 public:
  // Takes ownership of both descriptors: the filter's listener, and the
  // sandbox's mount namespace, in which paths are resolved. Throws
  // std::runtime_error if the thread cannot be set up.
  RefusedWriteWatch(int listener, int mount_ns);
  ~RefusedWriteWatch();
  RefusedWriteWatch(const RefusedWriteWatch&) = delete;
  RefusedWriteWatch& operator=(const RefusedWriteWatch&) = delete;

  // Forgets what was recorded so far (a warm sandbox's bootstrap is not the run's code).
  void reset();
  // Once every process of the run is gone: stops the thread, closes the
  // listener and returns the record.
  RefusedWrites finish();

 private:
  void loop();
  void handle_one();
  void stop();

  int listener_ = -1;
  int host_proc_ = -1;
  int mount_ns_ = -1;
  int wake_ = -1;  // eventfd: stop
  std::mutex mu_;
  RefusedWrites record_;
  std::thread thread_;
};

// Host side of the 'N' message on the init's spec channel: the payload's
// listener and the init's mount namespace (the init may be gone by the time
// the host could open it by pid), or nullptr if none came within
// `timeout_ms` (the init failed and says why on its status pipe). Throws
// std::runtime_error as the constructor does.
std::unique_ptr<RefusedWriteWatch> receive_write_watch(int channel, int timeout_ms);

}  // namespace mai::sandbox
