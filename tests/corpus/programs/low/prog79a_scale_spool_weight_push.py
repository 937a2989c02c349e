#!/usr/bin/env python3
"""Push spool weights from the ESP32 load-cell scale to Spoolman.

The scale firmware appends "timestamp,spool_id,grams" lines to scale_log.csv
on the shared folder each time a spool is set down.  This script takes the
settled reading for every spool seen since the last run, subtracts the empty
spool weight and reports the measured weight to Spoolman.
"""
import argparse
import csv
import json
import logging
import os
import statistics
import sys
from collections import defaultdict
from pathlib import Path

import requests

log = logging.getLogger("scale-push")

STATE_FILE = Path(".scale_push_state.json")
DEFAULT_TARE = {"plastic": 220.0, "cardboard": 140.0, "masterspool": 0.0}


def load_state():
    if STATE_FILE.exists():
        return json.loads(STATE_FILE.read_text())
    return {"last_ts": 0}


def save_state(state):
    STATE_FILE.write_text(json.dumps(state))
    os.chmod(STATE_FILE, 0o600)


def read_readings(path, since):
    """Group readings per spool, only newer than the last processed timestamp."""
    grouped = defaultdict(list)
    newest = since
    with path.open(newline="") as fh:
        for row in csv.reader(fh):
            if len(row) != 3 or not row[0].isdigit():
                continue
            ts, spool, grams = int(row[0]), row[1].strip(), float(row[2])
            if ts <= since or grams <= 0:
                continue
            grouped[spool].append(grams)
            newest = max(newest, ts)
    return grouped, newest


def settled(values, window=5):
    tail = values[-window:]
    if len(tail) < 3 or statistics.pstdev(tail) > 2.0:
        return None
    return round(statistics.median(tail), 1)


class Spoolman:
    def __init__(self, base, token):
        self.base = base.rstrip("/") + "/api/v1"
        self.s = requests.Session()
        self.s.headers["Content-Type"] = "application/json"
        if token:
            self.s.headers["Authorization"] = f"Bearer {token}"

    def spool(self, spool_id):
        r = self.s.get(f"{self.base}/spool/{spool_id}", timeout=10)
        r.raise_for_status()
        return r.json()

    def measure(self, spool_id, net_grams):
        r = self.s.put(f"{self.base}/spool/{spool_id}/measure",
                       data=json.dumps({"weight": net_grams}), timeout=10)
        r.raise_for_status()
        return r.json()


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--log-file", type=Path, default=Path("scale_log.csv"))
    ap.add_argument("--spoolman", default=os.environ.get("SPOOLMAN_URL", "http://spoolman.local:7912"))
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    if not args.log_file.exists():
        log.error("%s not found (is the scale share mounted?)", args.log_file)
        return 1
    state = load_state()
    grouped, newest = read_readings(args.log_file, state["last_ts"])
    if not grouped:
        log.info("no new readings")
        return 0

    api = Spoolman(args.spoolman, os.environ.get("SPOOLMAN_TOKEN"))
    errors = 0
    for spool_id, values in grouped.items():
        gross = settled(values)
        if gross is None:
            log.warning("spool %s: readings not stable, skipped", spool_id)
            continue
        try:
            spool = api.spool(spool_id)
            kind = (spool.get("extra") or {}).get("spool_type", '"plastic"').strip('"')
            tare = spool.get("spool_weight") or DEFAULT_TARE.get(kind, DEFAULT_TARE["plastic"])
            net = max(gross - float(tare), 0.0)
            if args.dry_run:
                log.info("spool %s: %.1f g gross, %.1f g net (dry run)", spool_id, gross, net)
                continue
            api.measure(spool_id, gross)
            log.info("spool %s: %.1f g filament left", spool_id, net)
        except requests.RequestException as exc:
            log.error("spool %s: %s", spool_id, exc)
            errors += 1

    if not args.dry_run and not errors:
        state["last_ts"] = newest
        save_state(state)
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main())
