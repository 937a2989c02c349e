#!/usr/bin/env python3
"""Kiosk health reporter.

Runs on each self check-in / waiver kiosk at the climbing wall and posts
a heartbeat (load, memory, free disk, uptime, app version) to the fleet
dashboard every minute, so the duty manager sees a dead kiosk before a
queue forms.
"""
import argparse
import json
import logging
import os
import shutil
import socket
import threading
import time
from pathlib import Path

import requests

log = logging.getLogger("kiosk-health")

DASHBOARD = os.environ.get("FLEET_DASHBOARD", "https://fleet.wallops-kiosk.com/api")
STATE_FILE = Path("health_state.json")


def read_kv(path):
    out = {}
    try:
        for line in Path(path).read_text().splitlines():
            k, _, v = line.partition(":")
            out[k.strip()] = v.strip()
    except OSError:
        pass
    return out


def collect_metrics(app_dir):
    load1, load5, load15 = (float(x) for x in Path("/proc/loadavg").read_text().split()[:3])
    mem = read_kv("/proc/meminfo")
    cpu = read_kv("/proc/cpuinfo")
    du = shutil.disk_usage(app_dir)
    uptime = float(Path("/proc/uptime").read_text().split()[0])
    version_file = Path(app_dir) / "VERSION"
    return {
        "host": socket.gethostname(),
        "cpu_model": cpu.get("model name", "unknown"),
        "load": [load1, load5, load15],
        "mem_total_kb": int(mem.get("MemTotal", "0 kB").split()[0]),
        "mem_avail_kb": int(mem.get("MemAvailable", "0 kB").split()[0]),
        "disk_free_mb": du.free // (1024 * 1024),
        "uptime_s": int(uptime),
        "app_version": version_file.read_text().strip() if version_file.exists() else "unknown",
        "ts": int(time.time()),
    }


class Reporter(threading.Thread):
    def __init__(self, key, app_dir, interval):
        super().__init__(daemon=True)
        self.session = requests.Session()
        self.session.headers["Authorization"] = "Bearer " + key
        self.app_dir = app_dir
        self.interval = interval
        self.stop = threading.Event()

    def beat(self):
        metrics = collect_metrics(self.app_dir)
        r = self.session.post(f"{DASHBOARD}/heartbeat", json=metrics, timeout=15)
        r.raise_for_status()
        STATE_FILE.write_text(json.dumps({"last_ok": metrics["ts"]}))

    def run(self):
        failures = 0
        while not self.stop.is_set():
            try:
                self.beat()
                failures = 0
            except (requests.RequestException, OSError, ValueError) as exc:
                failures += 1
                log.warning("heartbeat failed (%d in a row): %s", failures, exc)
            self.stop.wait(min(self.interval * (1 + failures), 600))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--app-dir", default=".")
    ap.add_argument("--interval", type=int, default=60)
    ap.add_argument("--once", action="store_true", help="send one heartbeat and exit")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")
    key = os.environ.get("FLEET_API_KEY")
    if not key:
        raise SystemExit("FLEET_API_KEY not set")
    rep = Reporter(key, args.app_dir, args.interval)
    if args.once:
        rep.beat()
        return
    rep.start()
    try:
        while rep.is_alive():
            rep.join(1)
    except KeyboardInterrupt:
        rep.stop.set()


if __name__ == "__main__":
    main()
