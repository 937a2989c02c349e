// mai-sandbox-init --watch-writes SOCKET -- PROGRAM [ARG...]: a Docker
// container's pid 1 (its entrypoint, in place of docker-init). Loads the
// write-intent notify filter on top of Docker's profile, hands its listener
// to the host over SOCKET (docker_watch_protocol.hpp), waits for the host's
// acknowledgement, and runs PROGRAM as its child: no code of the run exists
// before the host watches. Then, as docker-init would, it reaps every
// orphan until PROGRAM ends; it kills and reaps whatever PROGRAM left
// running, marks the end of the output, and tells the host how PROGRAM
// ended over the same connection, which spares the host the daemon's slow
// exit notification (and the kernel's teardown of the namespaces, which its
// own exit waits for). It is not dumpable, so the code
// (the same uid) can neither trace it nor open its descriptors, and as a pid
// namespace's init it gets no signal from inside the container.
#pragma once

namespace mai::sandbox {

// Returns the container's exit status: PROGRAM's own, 128+N when signal N
// killed it (as docker-init says it); 125 when the watch could not be set
// up, 127 (126) when PROGRAM is missing (cannot be run). Says why on stderr.
int docker_watch_entry(int argc, char** argv);

}  // namespace mai::sandbox
