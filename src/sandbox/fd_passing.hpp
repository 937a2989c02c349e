// Descriptors handed between the sandbox's init and the host over a unix
// socket (SCM_RIGHTS): one tag byte per message and its descriptors. The one
// mechanism for the proxy's listener and the writable mounts' handles.
#pragma once
#include <cstddef>
#include <string>
#include <vector>

namespace mai::sandbox {

// Sends `tag` with copies of `fds`; the caller still owns and closes its own.
// False (errno set) if the message was not sent whole.
bool send_fds(int channel, char tag, const std::vector<int>& fds);

// Receives one message: up to `max_bytes` of its bytes into `bytes` (on a
// SOCK_SEQPACKET socket the rest of a longer message is lost) and its
// descriptors (at most 4, close-on-exec) into `fds`. Returns what recvmsg
// returned: 0 at EOF, -1 on error (errno set).
long receive_message(int channel, std::string& bytes, size_t max_bytes, std::vector<int>& fds);

// Receives one message of exactly `count` descriptors (at most 4) tagged
// `tag`, close-on-exec. Anything else, or a truncated message, gives an empty
// vector and closes whatever descriptors did arrive.
std::vector<int> receive_fds(int channel, char tag, size_t count);

}  // namespace mai::sandbox
