#!/usr/bin/env python3
"""Checks whether this host's libc lets a process regain root (for the
hardening report)."""
import ctypes
import ctypes.util
import logging
import os
import sys

log = logging.getLogger("privcheck")


def libc() -> ctypes.CDLL:
    name = ctypes.util.find_library("c") or "libc.so.6"
    return ctypes.CDLL(name, use_errno=True)


class Probe:
    def __init__(self):
        self.lib = libc()

    def try_root(self) -> bool:
        rc = self.lib.setresuid(0, 0, 0)
        if rc != 0:
            err = ctypes.get_errno()
            log.info("setresuid refused: %s", os.strerror(err))
            return False
        return True

    def report(self) -> dict:
        return {"uid": os.getuid(), "euid": os.geteuid(), "regained": self.try_root()}


def main() -> int:
    logging.basicConfig(level=logging.INFO)
    result = Probe().report()
    print(result)
    return 0 if not result["regained"] else 2


if __name__ == "__main__":
    sys.exit(main())
