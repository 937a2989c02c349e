// The system calls through which a program changes the file system, as data:
// which argument names the object (a path, relative to which directory, or a
// descriptor) and which flags make an open a write. One table serves both
// ends: the payload's filter (seccomp_policy.cpp) hands each such call to the
// host (SECCOMP_RET_USER_NOTIF), and the host's watcher (refused_writes.cpp)
// decodes the arguments with it. The list and why: docs/sandbox.md,
// "What the code tried and was refused".
#pragma once
#include <cstdint>
#include <string>
#include <vector>

namespace mai::sandbox {

// One file-system object a call changes.
struct WriteTarget {
  int dirfd_arg = -1;  // the directory a relative path starts from; -1: the cwd
  int path_arg = -1;   // the path; -1: the descriptor in fd_arg is the object itself
  int fd_arg = -1;
  // The call changes the directory that holds the name (create, remove,
  // rename, link): that directory, not the object, must be writable.
  bool entry = false;
  // An entry that must not exist yet (mkdir, mknod, symlink, link): if it
  // does, the call fails with EEXIST before the mount's mode is looked at.
  bool creates = false;
};

struct WriteIntentCall {
  std::string name;
  std::vector<WriteTarget> targets;  // rename: the old and the new name
  // open/openat: a write only with O_WRONLY, O_RDWR, O_CREAT or O_TRUNC in
  // this argument (the filter asks only then). openat2: in struct open_how.
  int open_flags_arg = -1;
  bool open_how = false;  // openat2: the flags are in memory (arg 2), read by the host
  // The last component is not followed (lchown, ...), or not when this
  // argument holds `nofollow_bit` (AT_SYMLINK_NOFOLLOW, O_NOFOLLOW).
  bool follows = true;
  int nofollow_arg = -1;
  uint64_t nofollow_bit = 0;
};

// Every write-intent call, in a stable order. Names unknown to the running
// libseccomp or architecture are skipped by both ends.
const std::vector<WriteIntentCall>& write_intent_calls();

// The open flags that make an open a write.
uint64_t write_open_flags();

}  // namespace mai::sandbox
