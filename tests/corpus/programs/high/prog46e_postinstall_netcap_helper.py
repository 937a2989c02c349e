"""``tracert-py-setup-helper`` - post-install step for the tracert-py wheel.

tracert-py ships a small compiled helper (``_probe``) that sends ICMP/UDP
probes with raw sockets.  Instead of making users run the whole Python
interpreter as root, this entry point grants only CAP_NET_RAW to the helper
binary inside site-packages, using libcap through ctypes (no setcap CLI
needed on minimal images).
"""
import argparse
import ctypes
import ctypes.util
import logging
import os
import stat
import sys
from pathlib import Path

log = logging.getLogger("tracert_py.setup_helper")

CAP_NET_RAW = 13
CAP_EFFECTIVE, CAP_PERMITTED = 0, 1
CAP_SET = 1


class LibCap:
    def __init__(self):
        name = ctypes.util.find_library("cap") or "libcap.so.2"
        self.lib = ctypes.CDLL(name, use_errno=True)
        self.lib.cap_init.restype = ctypes.c_void_p
        self.lib.cap_from_text.restype = ctypes.c_void_p
        self.lib.cap_from_text.argtypes = [ctypes.c_char_p]
        self.lib.cap_set_flag.argtypes = [ctypes.c_void_p, ctypes.c_int, ctypes.c_int,
                                          ctypes.POINTER(ctypes.c_int), ctypes.c_int]
        self.lib.cap_set_file.argtypes = [ctypes.c_char_p, ctypes.c_void_p]
        self.lib.cap_get_file.restype = ctypes.c_void_p
        self.lib.cap_get_file.argtypes = [ctypes.c_char_p]
        self.lib.cap_to_text.restype = ctypes.c_char_p
        self.lib.cap_to_text.argtypes = [ctypes.c_void_p, ctypes.c_void_p]
        self.lib.cap_free.argtypes = [ctypes.c_void_p]

    def _check(self, rc, what):
        if rc != 0:
            err = ctypes.get_errno()
            raise OSError(err, f"{what}: {os.strerror(err)}")

    def grant(self, path, caps):
        cap = self.lib.cap_init()
        arr = (ctypes.c_int * len(caps))(*caps)
        try:
            for flag in (CAP_EFFECTIVE, CAP_PERMITTED):
                self._check(self.lib.cap_set_flag(cap, flag, len(caps), arr, CAP_SET), "cap_set_flag")
            self._check(self.lib.cap_set_file(os.fsencode(path), cap), f"cap_set_file({path})")
        finally:
            self.lib.cap_free(cap)

    def describe(self, path):
        cap = self.lib.cap_get_file(os.fsencode(path))
        if not cap:
            return "(none)"
        try:
            return self.lib.cap_to_text(cap, None).decode()
        finally:
            self.lib.cap_free(cap)


def helper_path():
    import tracert_py
    return Path(tracert_py.__file__).resolve().parent / "_bin" / "_probe"


def main(argv=None):
    ap = argparse.ArgumentParser(prog="tracert-py-setup-helper")
    ap.add_argument("--show", action="store_true", help="only print current file capabilities")
    ap.add_argument("--path", type=Path, help="override helper location")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    target = args.path or helper_path()
    if not target.is_file():
        log.error("helper not found at %s - is tracert-py installed?", target)
        return 2
    libcap = LibCap()
    if args.show:
        print(f"{target}: {libcap.describe(target)}")
        return 0

    mode = target.stat().st_mode
    if mode & (stat.S_IWGRP | stat.S_IWOTH):
        log.error("%s is group/world writable; refusing to add capabilities", target)
        return 1
    try:
        libcap.grant(target, [CAP_NET_RAW])
    except OSError as exc:
        log.error("could not set capabilities (%s); try running this command as root", exc)
        return 1
    log.info("granted cap_net_raw+ep to %s -> %s", target, libcap.describe(target))
    return 0


if __name__ == "__main__":
    sys.exit(main())
