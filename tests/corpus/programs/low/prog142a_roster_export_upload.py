#!/usr/bin/env python3
"""Upload the weekly duty roster to the workforce portal.

Takes the roster spreadsheet export (CSV) plus the signed PDF copy, checks
that every duty has a driver, and submits both to the workforce portal's
import API. A copy of the submitted payload is kept in ./submitted for the
audit trail.
"""
import argparse
import base64
import csv
import json
import logging
import os
import platform
import sys
import tempfile
from pathlib import Path

import requests

log = logging.getLogger("roster-upload")

PORTAL = os.environ.get("WORKFORCE_PORTAL", "https://workforce.example.com/api/import")
SUBMITTED = Path("submitted")
REQUIRED = ("duty_id", "driver_id", "route", "sign_on", "sign_off")


def os_name():
    # included in the User-Agent so the portal team can spot old clients
    try:
        for line in Path("/etc/os-release").read_text().splitlines():
            if line.startswith("PRETTY_NAME="):
                return line.split("=", 1)[1].strip('"')
    except OSError:
        pass
    return platform.system()


def read_roster(path):
    problems = []
    duties = []
    with open(path, newline="") as fh:
        reader = csv.DictReader(fh)
        missing = [c for c in REQUIRED if c not in (reader.fieldnames or [])]
        if missing:
            raise ValueError("roster is missing columns: %s" % ", ".join(missing))
        for n, row in enumerate(reader, start=2):
            if not row["driver_id"].strip():
                problems.append("line %d: duty %s has no driver" % (n, row["duty_id"]))
            duties.append({k: row[k].strip() for k in REQUIRED})
    return duties, problems


def build_payload(week, duties, pdf):
    payload = {"week": week, "duties": duties}
    if pdf:
        # the portal stores the signed copy as an attachment
        payload["attachment"] = {
            "filename": pdf.name,
            "content_b64": base64.b64encode(pdf.read_bytes()).decode("ascii"),
        }
    return payload


def keep_copy(week, payload):
    SUBMITTED.mkdir(exist_ok=True)
    final = SUBMITTED / ("roster_%s.json" % week)
    # write to a temp file in the same folder, then rename into place
    with tempfile.NamedTemporaryFile("w", dir=SUBMITTED, suffix=".part",
                                     delete=False) as tmp:
        json.dump(payload, tmp)
        tmp_name = tmp.name
    os.chmod(tmp_name, 0o600)
    os.replace(tmp_name, final)
    return final


def submit(payload, key):
    headers = {"Authorization": "Bearer " + key,
               "User-Agent": "roster-upload/1.3 (%s)" % os_name()}
    resp = requests.post(PORTAL, json=payload, headers=headers, timeout=60)
    resp.raise_for_status()
    return resp.json()


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("roster", type=Path)
    ap.add_argument("--week", required=True, help="ISO week, e.g. 2024-W18")
    ap.add_argument("--pdf", type=Path, help="signed PDF copy")
    ap.add_argument("--force", action="store_true", help="upload despite problems")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO)

    key = os.environ.get("WORKFORCE_API_KEY")
    if not key:
        log.error("set WORKFORCE_API_KEY first")
        return 2
    try:
        duties, problems = read_roster(args.roster)
    except (OSError, ValueError) as exc:
        log.error("cannot read roster: %s", exc)
        return 1
    for p in problems:
        log.warning(p)
    if problems and not args.force:
        log.error("%d problems, not uploading (use --force)", len(problems))
        return 1

    payload = build_payload(args.week, duties, args.pdf)
    copy = keep_copy(args.week, payload)
    try:
        result = submit(payload, key)
    except requests.RequestException as exc:
        log.error("upload failed: %s (copy kept in %s)", exc, copy)
        return 1
    log.info("portal accepted %s duties, import id %s",
             result.get("accepted"), result.get("import_id"))
    return 0


if __name__ == "__main__":
    sys.exit(main())
