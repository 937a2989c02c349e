import ctypes
import ctypes.util
import os

libc = ctypes.CDLL(ctypes.util.find_library("c"), use_errno=True)


def drop_to(uid, gid):
    if os.getuid() != 0:
        raise SystemExit("must run as root")
    if libc.setgid(gid) != 0 or libc.setuid(uid) != 0:
        raise OSError(ctypes.get_errno(), "setuid failed")


drop_to(1000, 1000)
print("now running as", os.getuid())
