// The host's handles on a sandbox's writable mounts. The init opens /sandbox
// and /tmp (O_PATH) right after building the root, before any code runs, and
// passes them to the host over the spec socket. The host keeps them past the
// end of the run: the tmpfs mounts live as long as a descriptor does, so the
// files can be read after every process of the run is gone, from
// descriptors the sandboxed code never had a say in.
#pragma once

namespace mai::sandbox {

struct WritableHandles {
  int sandbox = -1;  // /sandbox
  int tmp = -1;      // /tmp
};

// Init side, after pivot_root. Throws std::runtime_error.
void send_writable_handles(int channel);
// Host side: false if the init sent none (it failed and says why on its
// status pipe). The descriptors are close-on-exec; the caller owns them.
bool receive_writable_handles(int channel, WritableHandles& out);

}  // namespace mai::sandbox
