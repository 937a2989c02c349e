#!/usr/bin/env python3
"""appliance_readiness_report.py - daily readiness check for the appliances.

Takes the morning equipment check (JSON, from a file or piped in on stdin,
e.g. `./export_checks.sh | appliance_readiness_report.py -`), works out
which appliances are ready, writes a report into ./reports/ and, when
READINESS_API_KEY is set, posts the summary to the county readiness board.
"""

import argparse
import hashlib
import json
import logging
import os
import sys
import urllib.error
import urllib.request
from datetime import date

BOARD_URL = os.environ.get(
    "READINESS_URL", "https://readiness.county-fire.example.org/api/v1/status")
REQUIRED = {
    "pump": ["hose_45mm", "hose_70mm", "scba", "thermal_camera", "first_aid"],
    "ladder": ["scba", "harness", "first_aid"],
    "tanker": ["hose_70mm", "first_aid"],
}

log = logging.getLogger("readiness")


class Appliance:
    def __init__(self, callsign, kind, checks):
        self.callsign = callsign
        self.kind = kind
        self.checks = checks

    def missing(self):
        needed = REQUIRED.get(self.kind, [])
        return [k for k in needed if not self.checks.get(k, {}).get("ok")]

    def ready(self):
        return not self.missing() and self.checks.get("fuel_pct", {}).get("value", 0) >= 50

    def summary(self):
        return {"callsign": self.callsign, "kind": self.kind,
                "ready": self.ready(), "missing": self.missing()}


def load_checks(source):
    if source == "-":
        data = json.load(sys.stdin)
    else:
        with open(source, encoding="utf-8") as fh:
            data = json.load(fh)
    return [Appliance(a["callsign"], a.get("kind", "pump"), a.get("checks", {}))
            for a in data.get("appliances", [])]


def write_report(appliances, outdir):
    os.makedirs(outdir, exist_ok=True)
    body = json.dumps([a.summary() for a in appliances], sort_keys=True)
    # content hash as cache key so identical checks are not rewritten
    key = hashlib.md5(body.encode()).hexdigest()[:10]
    path = os.path.join(outdir, "readiness_%s_%s.txt" % (date.today().isoformat(), key))
    if os.path.exists(path):
        log.info("report %s unchanged", path)
        return path
    with open(path, "w", encoding="utf-8") as fh:
        for a in appliances:
            state = "READY" if a.ready() else "NOT READY"
            fh.write("%-8s %-7s %-10s %s\n" % (a.callsign, a.kind, state,
                                                 ", ".join(a.missing()) or "-"))
    os.chmod(path, 0o600)
    log.info("report written to %s", path)
    return path


def post_summary(appliances, station, key, timeout):
    payload = json.dumps({"station": station, "date": date.today().isoformat(),
                          "appliances": [a.summary() for a in appliances]}).encode()
    req = urllib.request.Request(BOARD_URL, data=payload, method="POST", headers={
        "Content-Type": "application/json", "Authorization": "Bearer " + key})
    try:
        with urllib.request.urlopen(req, timeout=timeout) as resp:
            log.info("board accepted summary (HTTP %d)", resp.status)
            return True
    except (urllib.error.URLError, OSError) as exc:
        log.warning("could not post to board: %s", exc)
        return False


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("checks", help="check file, or - for stdin")
    ap.add_argument("--station", default=os.environ.get("STATION_ID", "station-1"))
    ap.add_argument("--outdir", default="reports")
    ap.add_argument("--timeout", type=float, default=15.0)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    try:
        appliances = load_checks(args.checks)
    except (OSError, ValueError, KeyError) as exc:
        log.error("cannot read checks: %s", exc)
        return 1

    write_report(appliances, args.outdir)
    not_ready = [a.callsign for a in appliances if not a.ready()]
    log.info("%d appliances, %d not ready %s", len(appliances), len(not_ready),
             not_ready or "")

    key = os.environ.get("READINESS_API_KEY")
    if key:
        post_summary(appliances, args.station, key, args.timeout)
    else:
        log.info("READINESS_API_KEY not set, not posting to board")
    return 0 if not not_ready else 3


if __name__ == "__main__":
    sys.exit(main())
