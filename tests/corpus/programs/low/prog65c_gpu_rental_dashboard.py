#!/usr/bin/env python3
"""Host-side reporter for the GPU/CPU rental marketplace dashboard.

Collects load, memory and CPU model from /proc, renders a small text summary
for the terminal and reports it to the marketplace API so the listing shows
current availability. The API key is read from RENTAL_API_KEY.
"""
import argparse
import configparser
import logging
import os
import sys
import threading
import time
from pathlib import Path

import requests

API_BASE = "https://api.gpurent.example.com/v2"
log = logging.getLogger("rental-dash")


class HostProbe:
    """Reads host utilisation straight from procfs; no external tools needed."""

    cpuinfo_path = Path("/proc/cpuinfo")
    loadavg_path = Path("/proc/loadavg")
    meminfo_path = Path("/proc/meminfo")

    def cpu_model(self) -> str:
        for line in self.cpuinfo_path.read_text().splitlines():
            if line.startswith("model name"):
                return line.split(":", 1)[1].strip()
        return "unknown"

    def cores(self) -> int:
        return sum(1 for l in self.cpuinfo_path.read_text().splitlines() if l.startswith("processor"))

    def load(self) -> tuple:
        parts = self.loadavg_path.read_text().split()
        return float(parts[0]), float(parts[1]), float(parts[2])

    def memory(self) -> dict:
        out = {}
        for line in self.meminfo_path.read_text().splitlines():
            key, _, rest = line.partition(":")
            if key in ("MemTotal", "MemAvailable"):
                out[key] = int(rest.split()[0]) // 1024
        return out

    def snapshot(self) -> dict:
        l1, l5, l15 = self.load()
        mem = self.memory()
        return {
            "cpu_model": self.cpu_model(),
            "cores": self.cores(),
            "load": [l1, l5, l15],
            "mem_total_mb": mem.get("MemTotal", 0),
            "mem_avail_mb": mem.get("MemAvailable", 0),
            "ts": int(time.time()),
        }


class Reporter(threading.Thread):
    def __init__(self, listing_id: str, api_key: str, interval: int, probe: HostProbe):
        super().__init__(daemon=True)
        self.listing_id = listing_id
        self.interval = interval
        self.probe = probe
        self.session = requests.Session()
        self.session.headers.update({"Authorization": f"Bearer {api_key}",
                                     "User-Agent": "rental-dash/0.9"})
        self.stop_event = threading.Event()
        self.last = None

    def push(self, snap: dict) -> None:
        url = f"{API_BASE}/listings/{self.listing_id}/telemetry"
        resp = self.session.post(url, json=snap, timeout=15)
        resp.raise_for_status()

    def run(self) -> None:
        while not self.stop_event.is_set():
            snap = self.probe.snapshot()
            self.last = snap
            try:
                self.push(snap)
            except requests.RequestException as exc:
                log.warning("telemetry push failed: %s", exc)
            self.stop_event.wait(self.interval)


def render(snap: dict) -> str:
    if not snap:
        return "waiting for first sample..."
    used = snap["mem_total_mb"] - snap["mem_avail_mb"]
    return (f"{snap['cpu_model']} x{snap['cores']}  "
            f"load {snap['load'][0]:.2f}/{snap['load'][1]:.2f}/{snap['load'][2]:.2f}  "
            f"mem {used}/{snap['mem_total_mb']} MB")


def main() -> int:
    ap = argparse.ArgumentParser(description="rental host dashboard")
    ap.add_argument("--config", default="rental.ini")
    ap.add_argument("--interval", type=int, default=30)
    ap.add_argument("--quiet", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(name)s %(message)s")

    cfg = configparser.ConfigParser()
    cfg.read(args.config)
    listing = cfg.get("listing", "id", fallback=os.environ.get("RENTAL_LISTING_ID"))
    api_key = os.environ.get("RENTAL_API_KEY")
    if not listing or not api_key:
        log.error("listing id and RENTAL_API_KEY are required")
        return 1

    reporter = Reporter(listing, api_key, args.interval, HostProbe())
    reporter.start()
    try:
        while True:
            if not args.quiet:
                print("\r" + render(reporter.last).ljust(100), end="", flush=True)
            time.sleep(2)
    except KeyboardInterrupt:
        reporter.stop_event.set()
        print()
    return 0


if __name__ == "__main__":
    sys.exit(main())
