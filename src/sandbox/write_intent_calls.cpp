#include "sandbox/write_intent_calls.hpp"

#include <fcntl.h>

namespace mai::sandbox {

namespace {

WriteTarget path(int path_arg, int dirfd_arg = -1) { return {dirfd_arg, path_arg, -1, false, false}; }
WriteTarget entry(int path_arg, int dirfd_arg = -1) { return {dirfd_arg, path_arg, -1, true, false}; }
WriteTarget created(int path_arg, int dirfd_arg = -1) { return {dirfd_arg, path_arg, -1, true, true}; }
WriteTarget fd(int fd_arg) { return {-1, -1, fd_arg, false, false}; }

WriteIntentCall nofollow_if(WriteIntentCall c, int arg, uint64_t bit) {
  c.nofollow_arg = arg;
  c.nofollow_bit = bit;
  return c;
}

WriteIntentCall never_follows(WriteIntentCall c) {
  c.follows = false;
  return c;
}

std::vector<WriteIntentCall> build() {
  // ftruncate, write, pwrite and friends are left out: they need a
  // descriptor open for writing, and that open was asked about already.
  // fchmod, fchown and the f*xattr calls need none (O_RDONLY does).
  WriteIntentCall open{"open", {path(0)}, 1};
  WriteIntentCall openat{"openat", {path(1, 0)}, 2};
  WriteIntentCall openat2{"openat2", {path(1, 0)}};
  openat2.open_how = true;
  return {
      nofollow_if(open, 1, O_NOFOLLOW),
      nofollow_if(openat, 2, O_NOFOLLOW),
      openat2,
      {"creat", {path(0)}},
      {"mkdir", {created(0)}},
      {"mkdirat", {created(1, 0)}},
      {"mknod", {created(0)}},
      {"mknodat", {created(1, 0)}},
      {"rmdir", {entry(0)}},
      {"unlink", {entry(0)}},
      {"unlinkat", {entry(1, 0)}},
      {"rename", {entry(0), entry(1)}},
      {"renameat", {entry(1, 0), entry(3, 2)}},
      {"renameat2", {entry(1, 0), entry(3, 2)}},
      {"link", {created(1)}},
      {"linkat", {created(3, 2)}},
      {"symlink", {created(1)}},
      {"symlinkat", {created(2, 1)}},
      {"chmod", {path(0)}},
      {"fchmod", {fd(0)}},
      {"fchmodat", {path(1, 0)}},
      nofollow_if({"fchmodat2", {path(1, 0)}}, 3, AT_SYMLINK_NOFOLLOW),
      {"chown", {path(0)}},
      never_follows({"lchown", {path(0)}}),
      {"fchown", {fd(0)}},
      nofollow_if({"fchownat", {path(1, 0)}}, 4, AT_SYMLINK_NOFOLLOW),
      {"truncate", {path(0)}},
      {"utime", {path(0)}},
      {"utimes", {path(0)}},
      {"futimesat", {path(1, 0)}},
      nofollow_if({"utimensat", {path(1, 0)}}, 3, AT_SYMLINK_NOFOLLOW),
      {"setxattr", {path(0)}},
      never_follows({"lsetxattr", {path(0)}}),
      {"fsetxattr", {fd(0)}},
      {"removexattr", {path(0)}},
      never_follows({"lremovexattr", {path(0)}}),
      {"fremovexattr", {fd(0)}},
  };
}

}  // namespace

const std::vector<WriteIntentCall>& write_intent_calls() {
  static const std::vector<WriteIntentCall> calls = build();
  return calls;
}

uint64_t write_open_flags() { return O_WRONLY | O_RDWR | O_CREAT | O_TRUNC; }

}  // namespace mai::sandbox
