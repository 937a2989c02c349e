// mai-sandbox-init --watch-writes SOCKET -- PROGRAM [ARG...]: a Docker
// container's entrypoint (under docker-init). Loads the write-intent notify
// filter on top of Docker's profile, hands its listener to the host over
// SOCKET (docker_watch_protocol.hpp), waits for the host's acknowledgement
// and execs PROGRAM. No code of the run exists before the host watches.
#pragma once

namespace mai::sandbox {

// Does not return on success; on failure says why on stderr and returns the
// exit status: 125 when the watch could not be set up, 127 (126) when the
// program is missing (cannot be run), as docker-init says it without us.
int docker_watch_entry(int argc, char** argv);

}  // namespace mai::sandbox
