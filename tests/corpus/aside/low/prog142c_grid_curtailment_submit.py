#!/usr/bin/env python3
"""Submit the daily curtailment and availability report to the grid operator.

Reads the curtailment events exported from SCADA (CSV), computes lost energy
per event, and posts the report to the operator's market API. The API key is
issued per plant and is read from GRID_API_KEY; it is only ever sent to the
operator endpoint in the Authorization header.
"""

import argparse
import csv
import json
import logging
import os
import platform
import sys
import urllib.error
import urllib.request
from datetime import datetime

log = logging.getLogger("curtailment")

API_BASE = os.environ.get("GRID_API_BASE", "https://api.grid-operator.example.com/v3")
PLANT_ID = os.environ.get("GRID_PLANT_ID", "PV-0042")


def os_release_name():
    """Used in the User-Agent so the operator can tell integrations apart."""
    try:
        with open("/etc/os-release") as fh:
            for line in fh:
                if line.startswith("PRETTY_NAME="):
                    return line.split("=", 1)[1].strip().strip('"')
    except OSError:
        pass
    return platform.system()


def parse_ts(s):
    return datetime.strptime(s.strip(), "%Y-%m-%d %H:%M:%S")


def load_events(path):
    events = []
    with open(path, newline="") as fh:
        for row in csv.DictReader(fh):
            try:
                start, end = parse_ts(row["start"]), parse_ts(row["end"])
                limit_kw = float(row["setpoint_kw"])
                avail_kw = float(row["available_kw"])
            except (KeyError, ValueError) as exc:
                log.warning("skipping bad row %r: %s", row, exc)
                continue
            hours = (end - start).total_seconds() / 3600.0
            lost = max(0.0, avail_kw - limit_kw) * hours
            events.append({"start": start.isoformat(), "end": end.isoformat(),
                           "setpoint_kw": limit_kw, "lost_kwh": round(lost, 2),
                           "instruction_id": row.get("instruction_id", "")})
    return events


class OperatorClient:
    def __init__(self, base, key):
        self.base = base.rstrip("/")
        self.key = key
        self.ua = "pv-curtailment/1.4 (%s)" % os_release_name()

    def post(self, path, payload):
        req = urllib.request.Request(
            self.base + path,
            data=json.dumps(payload).encode(),
            method="POST",
            headers={"Authorization": "Bearer " + self.key,
                     "Content-Type": "application/json",
                     "User-Agent": self.ua})
        with urllib.request.urlopen(req, timeout=30) as resp:
            return json.loads(resp.read() or b"{}")


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("events_csv")
    ap.add_argument("--day", default=datetime.now().strftime("%Y-%m-%d"))
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    events = load_events(args.events_csv)
    report = {"plant_id": PLANT_ID, "day": args.day, "events": events,
              "total_lost_kwh": round(sum(e["lost_kwh"] for e in events), 2)}
    # keep a local copy of what was submitted
    with open("curtailment_%s.json" % args.day, "w") as fh:
        json.dump(report, fh, indent=2)

    if args.dry_run:
        print(json.dumps(report, indent=2))
        return 0

    key = os.environ.get("GRID_API_KEY")
    if not key:
        log.error("GRID_API_KEY is not set")
        return 2
    client = OperatorClient(API_BASE, key)
    try:
        result = client.post("/plants/%s/curtailment" % PLANT_ID, report)
    except urllib.error.HTTPError as exc:
        log.error("operator rejected report: %s %s", exc.code, exc.read()[:300])
        return 1
    except urllib.error.URLError as exc:
        log.error("could not reach operator API: %s", exc.reason)
        return 1
    log.info("submitted %d events, receipt %s", len(events), result.get("receipt"))
    return 0


if __name__ == "__main__":
    sys.exit(main())
