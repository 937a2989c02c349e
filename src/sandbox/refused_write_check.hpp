// Whether one write-intent call a sandboxed process made (a seccomp user
// notification) can succeed: the host reads the call's path from the
// process's memory and resolves it, as the process would, from a thread
// inside the sandbox's mount namespace (refused_writes.cpp puts it there).
// A call is refused when the object it changes (for create, remove, rename
// and link: the directory holding the name) lies on a read-only mount; when
// that does not exist, its nearest existing ancestor decides (mkdir /opt/x
// with no /opt fails with ENOENT, but only because the root is read-only).
// Opening an existing device, FIFO or socket for writing is never refused by
// a read-only mount (/dev/null), so such an open is not counted.
//
// The answer is advisory: the kernel still decides every call. Another
// thread of the program can change the path between this read and the
// call, so a hostile program can make the record wrong, never the access.
// Likewise "/proc/self" resolves for the caller only: a path that starts
// with it is looked up from the host's /proc/<caller>, but one that reaches
// it through a symlink or a relative walk is not (that write is missed).
#pragma once
#include <linux/seccomp.h>
#include <optional>
#include <string>

#include "sandbox/write_intent_calls.hpp"

namespace mai::sandbox {

// What a check needs: the host's /proc (an O_PATH descriptor opened before
// the thread entered the sandbox's mount namespace) and the listener, to
// confirm the notification still stands (the pid was not reused) after the
// process's memory and descriptors were read.
struct NotificationSource {
  int host_proc = -1;
  int listener = -1;
};

struct RefusedTarget {
  // Inside the sandbox: an absolute path as the program passed it; a
  // relative one (or a descriptor) joined to where its directory (or the
  // descriptor) is, unnormalised: "/sandbox/../usr/x".
  std::string path;
};

// The first target of `call` that cannot be written, or nullopt (it can, or
// the notification is gone, or the path could not be read).
std::optional<RefusedTarget> refused_target(const WriteIntentCall& call, const seccomp_notif& n,
                                            const NotificationSource& src);

}  // namespace mai::sandbox
