// How a Docker container's entry (mai-sandbox-init --watch-writes) hands its
// write-intent filter's listener to the host (docker/write_watch_socket.hpp):
// it connects to the run's socket, sends kListenerTag with the listener
// (fd_passing.hpp), and starts the program only after the host's kAckByte.
// Paths are as the container sees them (container_spec.cpp binds them).
#pragma once

namespace mai::sandbox::docker_watch {

constexpr char kListenerTag = 'N';
constexpr char kAckByte = 'k';
constexpr const char* kEntryFlag = "--watch-writes";
constexpr const char* kInitInContainer = "/.mai-sandbox/init";
constexpr const char* kDirInContainer = "/.mai-sandbox/watch";
constexpr const char* kSocketName = "socket";

}  // namespace mai::sandbox::docker_watch
