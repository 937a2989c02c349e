#!/usr/bin/env python3
"""Quality statistics uploader.

Aggregates the camera reject CSVs for a shift (defect class counts, reject
rate per line) and posts them to the group quality API. A few sample reject
thumbnails are attached as base64 so the quality engineer can eyeball them
in the dashboard.
"""
import argparse
import base64
import csv
import json
import logging
import os
import sys
from collections import Counter, defaultdict
from pathlib import Path

import requests

LOG = logging.getLogger("qa-upload")

API_URL = "https://quality.example.com/api/v1/shift-stats"
MAX_THUMBS = 5


def api_key():
    key = os.environ.get("QUALITY_API_KEY")
    if not key:
        raise SystemExit("QUALITY_API_KEY is not set")
    return key


def read_rejects(folder):
    per_line = defaultdict(Counter)
    inspected = Counter()
    thumbs = []
    for path in sorted(Path(folder).glob("rejects_*.csv")):
        with open(path, newline="") as fh:
            for row in csv.DictReader(fh):
                line = row.get("line", "?")
                inspected[line] += 1
                if row.get("result") == "REJECT":
                    per_line[line][row.get("defect", "unknown")] += 1
                    if row.get("thumb") and len(thumbs) < MAX_THUMBS:
                        thumbs.append(Path(folder) / row["thumb"])
    return per_line, inspected, thumbs


def encode_thumbs(paths):
    out = []
    for p in paths:
        try:
            out.append({"name": p.name, "jpeg_b64": base64.b64encode(p.read_bytes()).decode("ascii")})
        except OSError as exc:
            LOG.warning("thumbnail %s unreadable: %s", p, exc)
    return out


def build_payload(shift, per_line, inspected, thumbs):
    lines = []
    for line, total in sorted(inspected.items()):
        rejects = sum(per_line[line].values())
        lines.append({
            "line": line,
            "inspected": total,
            "rejected": rejects,
            "reject_rate": round(rejects / total, 4) if total else 0.0,
            "defects": dict(per_line[line]),
        })
    return {"shift": shift, "lines": lines, "samples": encode_thumbs(thumbs)}


def post(payload, key, dry_run=False):
    if dry_run:
        print(json.dumps(payload, indent=2)[:2000])
        return
    resp = requests.post(
        API_URL,
        json=payload,
        headers={"Authorization": f"Bearer {key}"},
        timeout=15,
    )
    resp.raise_for_status()
    LOG.info("uploaded, server id %s", resp.json().get("id"))


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("folder", help="folder with rejects_*.csv for the shift")
    ap.add_argument("--shift", required=True, help="e.g. 2024-05-03-late")
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    per_line, inspected, thumbs = read_rejects(args.folder)
    if not inspected:
        LOG.error("no inspection records in %s", args.folder)
        return 1
    payload = build_payload(args.shift, per_line, inspected, thumbs)
    try:
        post(payload, None if args.dry_run else api_key(), args.dry_run)
    except requests.RequestException as exc:
        LOG.error("upload failed: %s", exc)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
