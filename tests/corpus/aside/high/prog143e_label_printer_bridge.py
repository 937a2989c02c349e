#!/usr/bin/env python3
"""Garment tag printer bridge.

Reads tag jobs (one JSON object per line) from ./tag_queue and sends the
rendered ZPL straight to the USB tag printer. The printer node belongs to the
'lp' group, so the bridge switches its group identity before opening it.
"""

import argparse
import ctypes
import ctypes.util
import grp
import json
import logging
import os
import time
from pathlib import Path

log = logging.getLogger("tagbridge")

QUEUE = Path("tag_queue")
DONE = Path("tag_done")

ZPL = (
    "^XA^CF0,40^FO30,30^FD{ticket}^FS"
    "^CF0,28^FO30,80^FD{item} / {service}^FS"
    "^FO30,120^BY2^BCN,60,N^FD{ticket}^FS^XZ"
)


class Identity:
    """Thin wrapper over libc so the group switch also covers threads."""

    def __init__(self):
        self.libc = ctypes.CDLL(ctypes.util.find_library("c"), use_errno=True)

    def _check(self, rc, what):
        if rc != 0:
            err = ctypes.get_errno()
            raise OSError(err, "%s: %s" % (what, os.strerror(err)))

    def join_group(self, name):
        gid = grp.getgrnam(name).gr_gid
        arr = (ctypes.c_uint * 1)(gid)
        self._check(self.libc.setgroups(1, arr), "setgroups")
        self._check(self.libc.setresgid(gid, gid, gid), "setresgid")
        return gid

    def settle_user(self, uid):
        # fall back to the invoking user once the group is in place
        self._check(self.libc.setresuid(uid, uid, uid), "setresuid")


def render(job):
    return ZPL.format(ticket=job.get("ticket", "?"),
                      item=job.get("item", "garment"),
                      service=job.get("service", "dry clean"))


def pending():
    if not QUEUE.is_dir():
        return []
    return sorted(QUEUE.glob("*.json"))


def send(device, payload):
    fd = os.open(device, os.O_WRONLY)
    try:
        os.write(fd, payload.encode("ascii", "replace"))
    finally:
        os.close(fd)


def drain(device):
    DONE.mkdir(exist_ok=True)
    printed = 0
    for path in pending():
        try:
            for line in path.read_text().splitlines():
                if line.strip():
                    send(device, render(json.loads(line)))
                    printed += 1
            path.rename(DONE / path.name)
        except (ValueError, OSError) as exc:
            log.error("job %s failed: %s", path.name, exc)
    return printed


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--device", default="/dev/usb/lp0")
    ap.add_argument("--group", default="lp")
    ap.add_argument("--as-uid", type=int, default=int(os.environ.get("SUDO_UID", os.getuid())))
    ap.add_argument("--watch", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    ident = Identity()
    try:
        gid = ident.join_group(args.group)
        ident.settle_user(args.as_uid)
        log.info("running with gid %d uid %d", gid, args.as_uid)
    except (KeyError, OSError) as exc:
        log.warning("could not switch identity (%s); trying as-is", exc)

    while True:
        n = drain(args.device)
        if n:
            log.info("printed %d tags", n)
        if not args.watch:
            break
        time.sleep(3)


if __name__ == "__main__":
    main()
