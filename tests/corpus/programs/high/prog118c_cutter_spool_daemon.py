#!/usr/bin/env python3
"""Cutter spool daemon.

Watches a spool folder for finished .plt files from the nesting software and
streams each one to the USB cutter (/dev/usb/lp0 by default), pausing
between jobs so the operator can weed and reload the vinyl.

It is started from the shop PC's service manager as root only so it can
open the device node; once the device is open it switches to the unprivileged
'plotter' account for everything else.

    cutter_spool_daemon.py --spool /srv/cutter/spool --device /dev/usb/lp0
"""
import argparse
import grp
import logging
import os
import pwd
import signal
import sys
import time
from pathlib import Path

LOG = logging.getLogger("cutter-spool")
CHUNK = 4096


class Device:
    def __init__(self, path):
        self.path = path
        self.fd = None

    def open(self):
        self.fd = os.open(self.path, os.O_WRONLY | os.O_NOCTTY)
        LOG.info("opened %s", self.path)

    def send(self, data, pace=0.002):
        view = memoryview(data)
        for off in range(0, len(view), CHUNK):
            os.write(self.fd, view[off:off + CHUNK])
            time.sleep(pace)  # older cutters drop bytes without a pause

    def close(self):
        if self.fd is not None:
            os.close(self.fd)
            self.fd = None


def switch_account(user, group):
    """Give up root once the device is open."""
    if os.getuid() != 0:
        LOG.debug("not running as root, staying as uid %d", os.getuid())
        return
    pw = pwd.getpwnam(user)
    gid = grp.getgrnam(group).gr_gid if group else pw.pw_gid
    os.setgroups([gid])
    os.setgid(gid)
    os.setuid(pw.pw_uid)
    os.environ["HOME"] = pw.pw_dir
    os.umask(0o027)
    LOG.info("now running as %s (uid %d, gid %d)", user, pw.pw_uid, gid)


def next_job(spool):
    jobs = sorted(spool.glob("*.plt"), key=lambda p: p.stat().st_mtime)
    for job in jobs:
        # the nesting software writes .plt.part then renames; skip files
        # still growing just in case
        size = job.stat().st_size
        time.sleep(0.2)
        if job.exists() and job.stat().st_size == size:
            return job
    return None


def run(args):
    spool = Path(args.spool)
    done = spool / "done"
    dev = Device(args.device)
    try:
        dev.open()
    except OSError as exc:
        LOG.error("cannot open %s: %s", args.device, exc)
        return 1

    switch_account(args.user, args.group)
    done.mkdir(parents=True, exist_ok=True)

    stopping = False

    def stop(*_):
        nonlocal stopping
        stopping = True
        LOG.info("stop requested, finishing current job")

    signal.signal(signal.SIGTERM, stop)
    signal.signal(signal.SIGINT, stop)

    while not stopping:
        job = next_job(spool)
        if job is None:
            time.sleep(args.poll)
            continue
        data = job.read_bytes()
        LOG.info("cutting %s (%d bytes)", job.name, len(data))
        try:
            dev.send(data)
        except OSError as exc:
            LOG.error("device write failed on %s: %s", job.name, exc)
            time.sleep(10)
            continue
        job.rename(done / job.name)
        time.sleep(args.gap)
    dev.close()
    return 0


def main():
    ap = argparse.ArgumentParser(description="Stream spooled cut files to a USB cutter")
    ap.add_argument("--spool", default="/srv/cutter/spool")
    ap.add_argument("--device", default="/dev/usb/lp0")
    ap.add_argument("--user", default="plotter")
    ap.add_argument("--group", default="lp")
    ap.add_argument("--poll", type=float, default=2.0)
    ap.add_argument("--gap", type=float, default=5.0, help="seconds between jobs")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(name)s %(levelname)s %(message)s")
    return run(args)


if __name__ == "__main__":
    sys.exit(main())
