#!/usr/bin/env python3
"""kiln_temp_logger - poll a networked kiln controller and log firing curves.

The controller bridge on the studio LAN exposes a small JSON status endpoint.
This tool polls it, writes one CSV per firing into ./firings, and warns when
the measured rate of climb drifts away from the programmed segment.
"""
import argparse
import csv
import json
import logging
import sys
import time
from datetime import datetime
from pathlib import Path

import requests

log = logging.getLogger("kiln_logger")

DEFAULTS = {
    "controller": "http://192.168.1.60",
    "interval": 15,
    "ramp_tolerance_c_per_hr": 40,
}


def load_config(path):
    cfg = dict(DEFAULTS)
    p = Path(path)
    if p.is_file():
        try:
            cfg.update(json.loads(p.read_text()))
        except ValueError as exc:
            log.warning("ignoring bad config %s: %s", p, exc)
    return cfg


class KilnPoller:
    def __init__(self, base_url, session=None):
        self.base_url = base_url.rstrip("/")
        self.http = session or requests.Session()

    def status(self):
        resp = self.http.get(f"{self.base_url}/api/status", timeout=5)
        resp.raise_for_status()
        data = resp.json()
        return {
            "ts": datetime.now().isoformat(timespec="seconds"),
            "temp_c": float(data["temp_c"]),
            "setpoint_c": float(data.get("setpoint_c", 0)),
            "segment": int(data.get("segment", 0)),
            "ramp_c_per_hr": float(data.get("ramp_c_per_hr", 0)),
            "state": data.get("state", "unknown"),
        }


def open_firing_log(out_dir):
    out_dir.mkdir(parents=True, exist_ok=True)
    path = out_dir / f"firing_{datetime.now():%Y%m%d_%H%M}.csv"
    fh = path.open("w", newline="")
    writer = csv.DictWriter(fh, fieldnames=["ts", "temp_c", "setpoint_c",
                                            "segment", "ramp_c_per_hr",
                                            "measured_rate", "state"])
    writer.writeheader()
    log.info("logging firing to %s", path)
    return fh, writer


def measured_rate(prev, cur, interval):
    if prev is None:
        return 0.0
    return (cur["temp_c"] - prev["temp_c"]) * 3600.0 / interval


def monitor(cfg, out_dir, once=False):
    poller = KilnPoller(cfg["controller"])
    fh, writer = open_firing_log(out_dir)
    prev = None
    failures = 0
    try:
        while True:
            try:
                cur = poller.status()
                failures = 0
            except (requests.RequestException, KeyError, ValueError) as exc:
                failures += 1
                log.warning("poll failed (%d): %s", failures, exc)
                if failures >= 10:
                    log.error("controller unreachable, giving up")
                    return 2
                time.sleep(cfg["interval"])
                continue
            rate = measured_rate(prev, cur, cfg["interval"])
            cur["measured_rate"] = round(rate, 1)
            writer.writerow(cur)
            fh.flush()
            drift = abs(rate - cur["ramp_c_per_hr"])
            if prev is not None and drift > cfg["ramp_tolerance_c_per_hr"]:
                log.warning("segment %d drifting: %.0f C/h vs %.0f C/h programmed",
                            cur["segment"], rate, cur["ramp_c_per_hr"])
            if cur["state"] in ("complete", "idle") and prev is not None:
                log.info("firing finished at %.1f C", cur["temp_c"])
                return 0
            prev = cur
            if once:
                return 0
            time.sleep(cfg["interval"])
    finally:
        fh.close()


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("-c", "--config", default="kiln_logger.json")
    ap.add_argument("-o", "--out", default="firings")
    ap.add_argument("--once", action="store_true", help="take a single reading")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)

    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    cfg = load_config(args.config)

    try:
        return monitor(cfg, Path(args.out), once=args.once)
    except KeyboardInterrupt:
        log.info("stopped by user")
        return 130


if __name__ == "__main__":
    sys.exit(main())
