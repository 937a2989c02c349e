// The host's end of a Docker run's write watch (docker_watch_protocol.hpp):
// a unix socket in the run directory, bound into the container read-only,
// through which the container's entry hands over its write-intent filter's
// listener. It serves exactly one connection: the first one comes from the
// entry, which runs before any code of the run and waits for our answer, so
// nothing else can be first. The listening socket is closed and its name
// unlinked as that connection is accepted; later connects find nothing.
// What arrives is checked (one tag byte, exactly one descriptor, a seccomp
// listener, a peer alive in a mount namespace we can open); anything else is
// refused with a clear error and nothing of it is kept. The connection stays
// open for the run: the entry reports the program's end over it (init_exit.hpp).
#pragma once
#include <cstdint>
#include <memory>
#include <string>

#include "sandbox/docker/init_exit.hpp"
#include "sandbox/refused_writes.hpp"

namespace mai::sandbox::docker {

// A fresh secret for a run's end marker (docker_watch_protocol.hpp).
std::string new_end_secret();

class WriteWatchSocket {
 public:
  // Makes `dir` (searchable by all) with the socket in it, connectable only
  // by `uid` (the run's). Throws SandboxError("sandbox_setup").
  WriteWatchSocket(const std::string& dir, uint32_t uid);
  ~WriteWatchSocket();
  WriteWatchSocket(const WriteWatchSocket&) = delete;
  WriteWatchSocket& operator=(const WriteWatchSocket&) = delete;

  const std::string& dir() const { return dir_; }
  std::string socket_path() const;

  struct Handover {
    std::unique_ptr<RefusedWriteWatch> watch;
    EntryLink entry;  // the connection kept, and the secret the entry was given
  };
  // Accepts the one connection (waiting up to `timeout_ms` for it and for its
  // message), checks it, acknowledges it (with `end_secret` for the entry's
  // end marker: the caller looks for the marker before the program can
  // write it) and starts watching the container's mount namespace.
  // Closes the listening socket whatever happens: a second call throws.
  // Throws SandboxError("sandbox_setup") saying what was wrong.
  Handover accept(int timeout_ms, const std::string& end_secret);

 private:
  void close_listening();

  std::string dir_;
  int listen_fd_ = -1;
};

}  // namespace mai::sandbox::docker
