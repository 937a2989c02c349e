#!/usr/bin/env python3
"""Radiation dose report exporter.

Reads the per-study dose extract produced by the RDSR parser (CSV, one row
per irradiation event), rolls it up per study, flags studies above the local
diagnostic reference levels and submits the monthly batch to the regional
dose registry API.
"""
import argparse
import csv
import json
import logging
import os
import sys
import urllib.error
import urllib.request
from collections import defaultdict
from pathlib import Path

log = logging.getLogger("dose_export")

REGISTRY_URL = os.environ.get("DOSE_REGISTRY_URL", "https://dose-registry.region.example.org/api/submissions")

# local DRLs (mGy.cm) keyed by protocol code
LOCAL_DRL = {"CTHEAD": 970, "CTCAP": 1000, "CTCHEST": 610, "CTKUB": 460}


def read_events(path: Path):
    with path.open(newline="") as fh:
        for row in csv.DictReader(fh):
            try:
                row["dlp"] = float(row.get("dlp") or 0)
                row["ctdivol"] = float(row.get("ctdivol") or 0)
            except ValueError:
                log.warning("bad numeric value in event %s", row.get("event_uid"))
                continue
            yield row


def roll_up(events):
    studies = defaultdict(lambda: {"dlp_total": 0.0, "ctdivol_max": 0.0, "events": 0})
    for ev in events:
        s = studies[ev["study_uid"]]
        s.update(protocol=ev.get("protocol", "UNKNOWN"), station=ev.get("station"),
                 study_date=ev.get("study_date"))
        s["dlp_total"] += ev["dlp"]
        s["ctdivol_max"] = max(s["ctdivol_max"], ev["ctdivol"])
        s["events"] += 1
    for uid, s in studies.items():
        drl = LOCAL_DRL.get(s["protocol"])
        s["study_uid"] = uid
        s["above_drl"] = bool(drl and s["dlp_total"] > drl)
    return list(studies.values())


def submit(batch, period, api_key, timeout=30):
    body = json.dumps({"period": period, "site": os.environ.get("DOSE_SITE_CODE", "RXX"),
                       "studies": batch}).encode()
    req = urllib.request.Request(REGISTRY_URL, data=body, method="POST", headers={
        "Content-Type": "application/json",
        "X-Api-Key": api_key,
    })
    with urllib.request.urlopen(req, timeout=timeout) as resp:
        return json.loads(resp.read() or b"{}")


def main(argv=None):
    ap = argparse.ArgumentParser(description="Roll up and submit CT dose events")
    ap.add_argument("extract", type=Path, help="CSV from the RDSR parser")
    ap.add_argument("--period", required=True, help="YYYY-MM")
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("--out", type=Path, default=Path("dose_rollup.json"))
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    if not args.extract.exists():
        log.error("extract %s not found", args.extract)
        return 2
    batch = roll_up(read_events(args.extract))
    flagged = sum(1 for s in batch if s["above_drl"])
    args.out.write_text(json.dumps(batch, indent=2))
    log.info("%d studies, %d above local DRL, rollup in %s", len(batch), flagged, args.out)
    if args.dry_run:
        return 0

    api_key = os.environ.get("DOSE_REGISTRY_KEY")
    if not api_key:
        log.error("DOSE_REGISTRY_KEY is not set")
        return 2
    try:
        receipt = submit(batch, args.period, api_key)
    except urllib.error.HTTPError as exc:
        log.error("registry rejected batch: %s %s", exc.code, exc.read()[:200])
        return 1
    except urllib.error.URLError as exc:
        log.error("registry unreachable: %s", exc.reason)
        return 1
    log.info("submission accepted, receipt %s", receipt.get("receipt_id"))
    return 0


if __name__ == "__main__":
    sys.exit(main())
