#!/usr/bin/env python3
"""DTG print daemon.

Feeds pre-RIPped print files (PRN) from the spool directory straight to the
direct-to-garment printer's USB device node, one garment at a time.  It is
started by root so it can open the printer device, then continues as the
unprivileged print user for the rest of its life.
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

log = logging.getLogger("dtg-daemon")

CHUNK = 64 * 1024


class PrinterPort:
    def __init__(self, device):
        self.device = device
        self.fd = None

    def open(self):
        self.fd = os.open(self.device, os.O_WRONLY | os.O_NOCTTY)
        log.info("opened %s", self.device)

    def send(self, path):
        sent = 0
        with open(path, "rb") as fh:
            while True:
                chunk = fh.read(CHUNK)
                if not chunk:
                    break
                view = memoryview(chunk)
                while view:
                    n = os.write(self.fd, view)
                    view = view[n:]
                    sent += n
        return sent


def drop_to(user):
    """Give up root after the device is open."""
    if os.getuid() != 0:
        return
    pw = pwd.getpwnam(user)
    groups = [g.gr_gid for g in grp.getgrall() if user in g.gr_mem]
    os.setgroups(groups)
    os.setgid(pw.pw_gid)
    os.setuid(pw.pw_uid)
    os.environ["HOME"] = pw.pw_dir
    os.umask(0o027)
    log.info("now running as %s (uid %d)", user, os.getuid())


class Spooler:
    def __init__(self, spool, port):
        self.spool = Path(spool)
        self.port = port
        self.done = self.spool / "printed"
        self.running = True

    def stop(self, *_):
        self.running = False

    def next_job(self):
        jobs = sorted(self.spool.glob("*.prn"), key=lambda p: p.stat().st_mtime)
        return jobs[0] if jobs else None

    def run(self, pause):
        self.done.mkdir(exist_ok=True)
        while self.running:
            job = self.next_job()
            if job is None:
                time.sleep(2)
                continue
            t0 = time.monotonic()
            try:
                n = self.port.send(job)
            except OSError as exc:
                log.error("printer write failed on %s: %s; retrying in 10s", job.name, exc)
                time.sleep(10)
                continue
            job.rename(self.done / job.name)
            log.info("printed %s (%.1f MB in %.1fs)", job.name, n / 1e6, time.monotonic() - t0)
            time.sleep(pause)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--device", default="/dev/usb/lp0")
    ap.add_argument("--spool", default="/var/spool/dtg")
    ap.add_argument("--user", default="lp")
    ap.add_argument("--pause", type=float, default=4.0, help="seconds between garments")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s",
                        stream=sys.stdout)

    port = PrinterPort(args.device)
    try:
        port.open()
    except PermissionError:
        log.error("cannot open %s; start the daemon as root", args.device)
        return 1
    drop_to(args.user)

    spooler = Spooler(args.spool, port)
    signal.signal(signal.SIGTERM, spooler.stop)
    signal.signal(signal.SIGINT, spooler.stop)
    spooler.run(args.pause)
    log.info("stopped")
    return 0


if __name__ == "__main__":
    sys.exit(main())
