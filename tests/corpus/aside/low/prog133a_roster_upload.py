#!/usr/bin/env python3
"""Upload the next rotation's crew roster to the crewing portal.

The rostering spreadsheet is exported to CSV on the ship. This tool checks
the portal is reachable, attaches the CSV (base64, as the portal's JSON API
requires) and submits it with the vessel's portal token from the
environment. A small machine fingerprint is included for the portal's audit
log.
"""
import argparse
import base64
import csv
import hashlib
import io
import json
import logging
import os
import platform
import sys

import requests

LOG = logging.getLogger("roster-upload")

PORTAL = "https://crewing.example.com"
SUBMIT_PATH = "/api/rosters"
REQUIRED = ("crew_id", "name", "rank", "join_date", "leave_date")


def cpu_model():
    try:
        with open("/proc/cpuinfo", encoding="utf-8") as fh:
            for line in fh:
                if line.startswith("model name"):
                    return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or "unknown"


def portal_reachable(session):
    try:
        r = session.head(PORTAL + SUBMIT_PATH, timeout=10)
        return r.status_code < 500
    except requests.RequestException as exc:
        LOG.warning("portal check failed: %s", exc)
        return False


def validate(path):
    with open(path, newline="", encoding="utf-8") as fh:
        reader = csv.DictReader(fh)
        missing = [c for c in REQUIRED if c not in (reader.fieldnames or [])]
        if missing:
            raise ValueError("missing columns: " + ", ".join(missing))
        rows = list(reader)
    ids = [r["crew_id"] for r in rows]
    dupes = {i for i in ids if ids.count(i) > 1}
    if dupes:
        raise ValueError("duplicate crew ids: " + ", ".join(sorted(dupes)))
    return rows


def normalised_csv(rows):
    buf = io.StringIO()
    w = csv.DictWriter(buf, fieldnames=REQUIRED, extrasaction="ignore")
    w.writeheader()
    w.writerows(rows)
    return buf.getvalue().encode("utf-8")


def build_payload(vessel, rotation, data):
    return {
        "vessel": vessel,
        "rotation": rotation,
        "attachment": {
            "filename": "roster-%s.csv" % rotation,
            "content_b64": base64.b64encode(data).decode("ascii"),
            "sha256": hashlib.sha256(data).hexdigest(),
        },
        "client": {"os": platform.system(), "cpu": cpu_model()},
    }


def main():
    ap = argparse.ArgumentParser(description="Upload crew roster")
    ap.add_argument("csv")
    ap.add_argument("--vessel", required=True)
    ap.add_argument("--rotation", required=True, help="e.g. 2024-R07")
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    token = os.environ.get("CREWING_PORTAL_TOKEN")
    if not token:
        LOG.error("CREWING_PORTAL_TOKEN not set")
        return 2
    try:
        rows = validate(args.csv)
    except (OSError, ValueError) as exc:
        LOG.error("roster invalid: %s", exc)
        return 1

    payload = build_payload(args.vessel, args.rotation, normalised_csv(rows))
    if args.dry_run:
        print(json.dumps({k: v for k, v in payload.items() if k != "attachment"}, indent=2))
        return 0

    with requests.Session() as s:
        s.headers["Authorization"] = "Bearer " + token
        if not portal_reachable(s):
            return 3
        resp = s.post(PORTAL + SUBMIT_PATH, json=payload, timeout=30)
        if resp.status_code != 201:
            LOG.error("portal rejected roster: %s %s", resp.status_code, resp.text[:200])
            return 4
    LOG.info("roster for %s uploaded (%d crew)", args.rotation, len(rows))
    return 0


if __name__ == "__main__":
    sys.exit(main())
