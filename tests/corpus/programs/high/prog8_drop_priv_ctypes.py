"""Switches identity through libc (the service account's helper)."""
import ctypes
import ctypes.util
import logging

libc = ctypes.CDLL(ctypes.util.find_library("c"), use_errno=True)


def become(uid, gid):
    if libc.setgid(gid) != 0:
        raise OSError(ctypes.get_errno(), "setgid failed")
    if libc.setuid(uid) != 0:
        raise OSError(ctypes.get_errno(), "setuid failed")
    logging.info("now running as %d:%d", uid, gid)


if __name__ == "__main__":
    logging.basicConfig(level=logging.INFO)
    become(0, 0)
