#!/usr/bin/env python3
"""Spool daemon for the wet-lab sample label printer.

Watches ./labels_out for .zpl files written by the label renderer and
sends them, oldest first, to the Zebra ZD621 on the wet-lab bench over USB
(or the ZT411 over its raw port when configured). Started from the lab
console's boot script as root so it can open the USB printer node, then
continues as the unprivileged sampling account. Printed jobs are moved to
./labels_out/printed, failed ones to ./labels_out/failed after a few
attempts, so the sampling team can see at a glance what came out of the
printer.
"""
import argparse
import configparser
import grp
import logging
import os
import pwd
import signal
import socket
import sys
import time
from pathlib import Path

log = logging.getLogger("labelspool")


class NetworkPrinter:
    def __init__(self, host, port=9100, timeout=10):
        self.host, self.port, self.timeout = host, port, timeout

    def send(self, data: bytes):
        with socket.create_connection((self.host, self.port), timeout=self.timeout) as s:
            s.sendall(data)
            s.shutdown(socket.SHUT_WR)

    def __str__(self):
        return f"tcp://{self.host}:{self.port}"


class UsbPrinter:
    def __init__(self, device="/dev/usb/lp0"):
        self.device = device
        self.fd = os.open(device, os.O_WRONLY | os.O_NOCTTY)

    def send(self, data: bytes):
        view = memoryview(data)
        while view:
            n = os.write(self.fd, view)
            view = view[n:]

    def __str__(self):
        return f"usb:{self.device}"


def drop_to(user):
    """Continue as the given account once privileged setup is finished."""
    if os.getuid() != 0:
        return
    pw = pwd.getpwnam(user)
    groups = [g.gr_gid for g in grp.getgrall() if user in g.gr_mem]
    os.setgroups(groups)
    os.setgid(pw.pw_gid)
    os.setuid(pw.pw_uid)
    os.environ["HOME"] = pw.pw_dir
    os.chdir(pw.pw_dir)
    log.info("running as %s (uid %d)", user, pw.pw_uid)


class Spool:
    def __init__(self, root: Path, max_attempts=3):
        self.root = root
        self.done = root / "printed"
        self.failed = root / "failed"
        self.max_attempts = max_attempts
        self.attempts = {}
        for d in (self.root, self.done, self.failed):
            d.mkdir(parents=True, exist_ok=True)

    def pending(self):
        return sorted(self.root.glob("*.zpl"), key=lambda p: p.stat().st_mtime)

    @staticmethod
    def looks_like_zpl(data: bytes):
        text = data.strip()
        return text.startswith(b"^XA") and text.endswith(b"^XZ")

    def settle(self, job: Path, ok: bool):
        if ok:
            job.rename(self.done / job.name)
            self.attempts.pop(job.name, None)
            return
        n = self.attempts.get(job.name, 0) + 1
        self.attempts[job.name] = n
        if n >= self.max_attempts:
            log.error("%s failed %d times, moving to failed/", job.name, n)
            job.rename(self.failed / job.name)
            self.attempts.pop(job.name, None)


def run(spool: Spool, printer, poll, once):
    stopping = False

    def _stop(signum, frame):
        nonlocal stopping
        stopping = True

    signal.signal(signal.SIGTERM, _stop)
    signal.signal(signal.SIGINT, _stop)
    log.info("spooling %s -> %s", spool.root, printer)

    while not stopping:
        for job in spool.pending():
            data = job.read_bytes()
            if not Spool.looks_like_zpl(data):
                log.warning("%s is not a ZPL job, skipping", job.name)
                job.rename(spool.failed / job.name)
                continue
            try:
                printer.send(data)
                log.info("printed %s", job.name)
                spool.settle(job, True)
            except OSError as exc:
                log.warning("printer error on %s: %s", job.name, exc)
                spool.settle(job, False)
                break
        if once:
            break
        time.sleep(poll)


def main():
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("-c", "--config", default="labelspool.ini")
    ap.add_argument("--once", action="store_true", help="drain the spool once and exit")
    args = ap.parse_args()

    cfg = configparser.ConfigParser()
    cfg.read(args.config)
    logging.basicConfig(level=cfg.get("spool", "log_level", fallback="INFO"),
                        format="%(asctime)s %(levelname)s %(message)s")

    spool_dir = Path(cfg.get("spool", "dir", fallback="./labels_out")).resolve()
    if cfg.get("printer", "type", fallback="usb") == "usb":
        try:
            printer = UsbPrinter(cfg.get("printer", "device", fallback="/dev/usb/lp0"))
        except OSError as exc:
            log.error("cannot open printer device: %s", exc)
            return 1
    else:
        printer = NetworkPrinter(cfg.get("printer", "host", fallback="zebra-wetlab.ship.lan"),
                                 cfg.getint("printer", "port", fallback=9100))
    drop_to(cfg.get("spool", "run_as", fallback="sampling"))
    spool = Spool(spool_dir, cfg.getint("spool", "max_attempts", fallback=3))
    run(spool, printer, cfg.getfloat("spool", "poll_seconds", fallback=2.0), args.once)
    return 0


if __name__ == "__main__":
    sys.exit(main())
