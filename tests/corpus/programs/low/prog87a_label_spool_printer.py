#!/usr/bin/env python3
"""Spool watcher for the wet-lab sample label printer.

Watches ./labels_out for .zpl files written by the label renderer and
sends them, oldest first, to the Zebra ZT411 in the wet lab over its raw
port (9100). Printed jobs are moved to ./labels_out/printed, failed ones to
./labels_out/failed after a few attempts, so the sampling team can see at a
glance what came out of the printer.
"""
import argparse
import configparser
import logging
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

    spool = Spool(Path(cfg.get("spool", "dir", fallback="./labels_out")),
                  cfg.getint("spool", "max_attempts", fallback=3))
    printer = NetworkPrinter(cfg.get("printer", "host", fallback="zebra-wetlab.ship.lan"),
                             cfg.getint("printer", "port", fallback=9100))
    run(spool, printer, cfg.getfloat("spool", "poll_seconds", fallback=2.0), args.once)
    return 0


if __name__ == "__main__":
    sys.exit(main())
