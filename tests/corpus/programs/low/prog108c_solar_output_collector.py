#!/usr/bin/env python3
"""Collect PV output from the co-op's inverters and allocate it to members.

Every interval the collector reads real-time power from each Fronius-style
inverter's Solar API, integrates it into energy, and splits that energy across
members in proportion to their shares. Allocations accumulate in a CSV per
month which feeds the members' annual "virtual generation" statement.
"""
import argparse
import configparser
import csv
import datetime as dt
import json
import logging
import sys
import time
import urllib.error
import urllib.request
from collections import defaultdict
from pathlib import Path

log = logging.getLogger("pv-collector")

API_PATH = "/solar_api/v1/GetPowerFlowRealtimeData.fcgi"


def load_settings(path):
    cp = configparser.ConfigParser()
    if not cp.read(path):
        raise FileNotFoundError(path)
    return {
        "inverters": [h.strip() for h in cp.get("plant", "inverters").split(",") if h.strip()],
        "members_file": cp.get("plant", "members", fallback="members.csv"),
        "interval": cp.getint("collector", "interval", fallback=60),
        "out_dir": Path(cp.get("collector", "output", fallback="allocations")),
    }


def load_members(path):
    with open(path, newline="", encoding="utf-8") as fh:
        rows = list(csv.DictReader(fh))
    members = {r["member_no"]: int(r["shares"]) for r in rows if int(r.get("shares", 0)) > 0}
    log.info("loaded %d members with %d shares", len(members), sum(members.values()))
    return members, rows


def read_power(host, timeout=8):
    url = f"http://{host}{API_PATH}"
    try:
        with urllib.request.urlopen(url, timeout=timeout) as resp:
            data = json.load(resp)
    except (urllib.error.URLError, TimeoutError, ValueError) as exc:
        log.warning("%s: %s", host, exc)
        return None
    site = data.get("Body", {}).get("Data", {}).get("Site", {})
    return float(site.get("P_PV") or 0.0)


class Allocator:
    def __init__(self, members, out_dir):
        self.members = members
        self.total_shares = sum(members.values()) or 1
        self.out_dir = out_dir
        self.out_dir.mkdir(parents=True, exist_ok=True)
        self.pending = defaultdict(float)

    def add_energy(self, kwh):
        for member_no, shares in self.members.items():
            self.pending[member_no] += kwh * shares / self.total_shares

    def flush(self):
        if not self.pending:
            return
        path = self.out_dir / f"allocation-{dt.date.today():%Y-%m}.csv"
        new = not path.exists()
        stamp = dt.datetime.now().isoformat(timespec="seconds")
        with path.open("a", newline="") as fh:
            w = csv.writer(fh)
            if new:
                w.writerow(["timestamp", "member_no", "kwh"])
            for member_no, kwh in sorted(self.pending.items()):
                w.writerow([stamp, member_no, f"{kwh:.4f}"])
        self.pending.clear()


def run(settings, once=False):
    members, _ = load_members(settings["members_file"])
    alloc = Allocator(members, settings["out_dir"])
    interval = settings["interval"]
    last = time.monotonic()
    while True:
        readings = [read_power(h) for h in settings["inverters"]]
        watts = sum(r for r in readings if r is not None)
        now = time.monotonic()
        kwh = watts * (now - last) / 3_600_000
        last = now
        alloc.add_energy(kwh)
        alloc.flush()
        log.info("plant %.1f kW, %.3f kWh allocated (%d/%d inverters)",
                 watts / 1000, kwh, sum(r is not None for r in readings), len(readings))
        if once:
            return
        time.sleep(interval)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("-c", "--config", default="plant.ini")
    ap.add_argument("--once", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    try:
        settings = load_settings(args.config)
    except (FileNotFoundError, configparser.Error) as exc:
        log.error("bad config: %s", exc)
        return 1
    try:
        run(settings, once=args.once)
    except KeyboardInterrupt:
        pass
    return 0


if __name__ == "__main__":
    sys.exit(main())
