#!/usr/bin/env python3
"""Van GPS logger for the walling crews.

Polls the fleet tracker gateway for each van's last fix, appends it to a
rolling CSV per van and flags vans that have sat at one site longer than the
idle threshold, which the office uses to reconcile timesheets against jobs.

Usage:
    van_gps_logger.py --config fleet.json
    van_gps_logger.py --once --van VAN02
"""
import argparse
import csv
import json
import logging
import math
import os
import time
from datetime import datetime, timezone
from pathlib import Path
from urllib.error import HTTPError, URLError
from urllib.request import Request, urlopen

LOG = logging.getLogger("vangps")

DEFAULT_CONFIG = {
    "gateway": "https://tracker.drystone-fleet.co.uk/api/v2",
    "vans": ["VAN01", "VAN02", "VAN03"],
    "poll_seconds": 60,
    "idle_minutes": 45,
    "idle_radius_m": 80,
    "log_dir": "gps_logs",
}


def load_config(path):
    cfg = dict(DEFAULT_CONFIG)
    if path and Path(path).is_file():
        with open(path, encoding="utf-8") as fh:
            cfg.update(json.load(fh))
    cfg["token"] = os.environ.get("FLEET_TOKEN", cfg.get("token", ""))
    return cfg


def haversine_m(lat1, lon1, lat2, lon2):
    r = 6371000.0
    p1, p2 = math.radians(lat1), math.radians(lat2)
    dp = p2 - p1
    dl = math.radians(lon2 - lon1)
    a = math.sin(dp / 2) ** 2 + math.cos(p1) * math.cos(p2) * math.sin(dl / 2) ** 2
    return 2 * r * math.asin(math.sqrt(a))


class VanPoller:
    def __init__(self, cfg):
        self.cfg = cfg
        self.log_dir = Path(cfg["log_dir"])
        self.log_dir.mkdir(exist_ok=True)
        self.anchor = {}
        self.idle_report = []

    def fetch_fix(self, van):
        url = f"{self.cfg['gateway']}/vehicles/{van}/position"
        req = Request(url, headers={"Authorization": f"Bearer {self.cfg['token']}",
                                    "Accept": "application/json"})
        try:
            with urlopen(req, timeout=20) as resp:
                return json.load(resp)
        except HTTPError as exc:
            LOG.warning("%s: gateway returned %s", van, exc.code)
        except (URLError, TimeoutError) as exc:
            LOG.warning("%s: gateway unreachable: %s", van, exc)
        return None

    def record(self, van, fix):
        path = self.log_dir / f"{van}.csv"
        new = not path.exists()
        with open(path, "a", newline="", encoding="utf-8") as fh:
            w = csv.writer(fh)
            if new:
                w.writerow(["utc", "lat", "lon", "speed_kmh", "ignition"])
            w.writerow([fix.get("ts"), fix["lat"], fix["lon"],
                        fix.get("speed", 0), fix.get("ignition", "")])

    def check_idle(self, van, fix):
        now = datetime.now(timezone.utc)
        anchor = self.anchor.get(van)
        if anchor is None or haversine_m(anchor[0], anchor[1], fix["lat"], fix["lon"]) > self.cfg["idle_radius_m"]:
            self.anchor[van] = (fix["lat"], fix["lon"], now)
            return
        idle = (now - anchor[2]).total_seconds() / 60
        if idle >= self.cfg["idle_minutes"]:
            LOG.info("%s idle %.0f min near %.5f,%.5f", van, idle, anchor[0], anchor[1])
            self.idle_report.append((now.isoformat(), van, round(idle), anchor[0], anchor[1]))

    def poll_once(self, vans):
        for van in vans:
            fix = self.fetch_fix(van)
            if not fix or "lat" not in fix:
                continue
            self.record(van, fix)
            self.check_idle(van, fix)

    def write_idle_report(self):
        if not self.idle_report:
            return
        path = self.log_dir / "idle_report.csv"
        with open(path, "a", newline="", encoding="utf-8") as fh:
            csv.writer(fh).writerows(self.idle_report)
        os.chmod(path, 0o600)
        self.idle_report.clear()


def main():
    ap = argparse.ArgumentParser(description="Poll van GPS positions")
    ap.add_argument("--config", default="fleet.json")
    ap.add_argument("--van", action="append", help="limit to these vans")
    ap.add_argument("--once", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()

    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    cfg = load_config(args.config)
    if not cfg["token"]:
        LOG.error("FLEET_TOKEN not set")
        return 2

    poller = VanPoller(cfg)
    vans = args.van or cfg["vans"]
    try:
        while True:
            poller.poll_once(vans)
            poller.write_idle_report()
            if args.once:
                break
            time.sleep(cfg["poll_seconds"])
    except KeyboardInterrupt:
        LOG.info("stopped")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
