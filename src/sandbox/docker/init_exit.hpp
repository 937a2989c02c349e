// How the host learns that a container's program ended without waiting for
// the Docker daemon (whose /wait answers tens of milliseconds later): the
// container's pid 1 is our init (init/docker_entry.hpp). Once the program
// ended it kills and reaps every other process of the container, and then
// reports the program's wait status over the connection that handed the
// write watch over. Only it can: the connection is its alone, the code
// cannot trace it, open its descriptors or signal it (it is not dumpable,
// and a pid namespace's init gets no signal from inside). So a status read
// here is the program's own and nothing of the run is left but our init,
// which writes nothing. Without a well-formed status the end is known when
// a pidfd on pid 1 becomes readable (the kernel lets a namespace's init exit
// only after every other process in it is gone), and the caller asks the
// daemon how it ended.
#pragma once
#include <chrono>
#include <memory>
#include <optional>
#include <string>
#include <sys/types.h>

#include "common/unique_fd.hpp"

namespace mai::sandbox::docker {

// The entry's side of the handover (write_watch_socket.hpp), kept for the run.
struct EntryLink {
  UniqueFd conn;       // our end of the entry's connection
  pid_t pid = 0;       // the entry's host pid when it connected (SO_PEERCRED)
  UniqueFd pidfd;      // on the entry, if it is its pid namespace's init (init_pidfd())
  std::string secret;  // what its output's end marker holds (docker_watch_protocol.hpp)
};

// A pidfd on the peer `pid` of `conn`, taken while the peer waits for our
// answer (so it cannot have exited), if it is its pid namespace's pid 1.
// -1 if anything does not hold: the run then has no fast end.
UniqueFd init_pidfd(pid_t pid, int conn);

class InitExit {
 public:
  // Null unless `link` holds the connection and the init's pidfd.
  static std::unique_ptr<InitExit> open(EntryLink link);
  ~InitExit();
  InitExit(const InitExit&) = delete;
  InitExit& operator=(const InitExit&) = delete;

  struct End {
    std::optional<int> status;  // the program's wait status, reported by pid 1
    bool init_gone = false;     // without a status: pid 1 has exited
    std::chrono::steady_clock::time_point at;  // when either was seen
  };
  // Blocks until pid 1 reported a status or is gone, or `timeout_ms`
  // passed (neither set). Call once.
  End wait(long timeout_ms);
  const std::string& secret() const { return link_.secret; }

 private:
  explicit InitExit(EntryLink link) : link_(std::move(link)) {}
  std::optional<int> read_status();  // the one message, if it is a status
  EntryLink link_;
};

}  // namespace mai::sandbox::docker
