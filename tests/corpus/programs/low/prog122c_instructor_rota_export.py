#!/usr/bin/env python3
"""Export the weekly instructor rota to the RotaDesk scheduling service.

The duty manager keeps the rota in a spreadsheet export (rota.csv) with one
row per session:

    date,start,end,instructor,qualification,activity,site
    2024-06-01,09:00,12:00,Jo Marsh,BCU L3,Sea kayak intro,North Beach

Rows are validated (qualification must cover the activity), grouped per
instructor and pushed as shifts. A copy of what was sent is kept in
./exports/ for the audit file.
"""
import argparse
import csv
import datetime as dt
import http.client
import json
import logging
import os
import sys
from collections import defaultdict
from pathlib import Path

log = logging.getLogger("rota_export")

API_HOST = os.environ.get("ROTADESK_HOST", "api.rotadesk.app")
API_PATH = "/v3/organisations/{org}/shifts:batchUpsert"

REQUIRED_QUAL = {
    "Sea kayak intro": {"BCU L3", "BC Sea Kayak Leader", "BCU L4"},
    "Open canoe": {"BCU L2", "BCU L3", "BC Open Canoe Leader"},
    "SUP taster": {"SUP Instructor", "BCU L2", "BCU L3"},
    "Gorge walk": {"ML", "Gorge Leader"},
}


class RotaError(Exception):
    pass


def read_rota(path):
    with open(path, newline="", encoding="utf-8-sig") as fh:
        for lineno, row in enumerate(csv.DictReader(fh), start=2):
            try:
                day = dt.date.fromisoformat(row["date"].strip())
                start = dt.time.fromisoformat(row["start"].strip())
                end = dt.time.fromisoformat(row["end"].strip())
            except (KeyError, ValueError) as exc:
                raise RotaError(f"line {lineno}: bad date/time ({exc})") from exc
            allowed = REQUIRED_QUAL.get(row["activity"].strip())
            if allowed and row["qualification"].strip() not in allowed:
                log.warning("line %d: %s not qualified for %s", lineno,
                            row["instructor"], row["activity"])
            yield {
                "instructor": row["instructor"].strip(),
                "start": dt.datetime.combine(day, start).isoformat(),
                "end": dt.datetime.combine(day, end).isoformat(),
                "role": row["activity"].strip(),
                "location": row.get("site", "").strip(),
            }


def build_payload(shifts, week_label):
    per_person = defaultdict(list)
    for s in shifts:
        per_person[s["instructor"]].append(s)
    return {
        "week": week_label,
        "source": "rota-export",
        "staff": [{"name": name, "shifts": items} for name, items in sorted(per_person.items())],
    }


def post_json(host, path, payload, token, timeout=30):
    conn = http.client.HTTPSConnection(host, timeout=timeout)
    try:
        body = json.dumps(payload).encode("utf-8")
        conn.request("POST", path, body=body, headers={
            "Content-Type": "application/json",
            "Authorization": f"Token {token}",
            "User-Agent": "rota-export/2.1",
        })
        resp = conn.getresponse()
        data = resp.read()
        if resp.status >= 300:
            raise RotaError(f"{host} answered {resp.status}: {data[:200]!r}")
        return json.loads(data or b"{}")
    finally:
        conn.close()


def main():
    ap = argparse.ArgumentParser(description="Push instructor rota to RotaDesk")
    ap.add_argument("csv", nargs="?", default="rota.csv")
    ap.add_argument("--org", default=os.environ.get("ROTADESK_ORG", "riverside-paddle"))
    ap.add_argument("--week", default=dt.date.today().strftime("%G-W%V"))
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    token = os.environ.get("ROTADESK_TOKEN")
    if not token and not args.dry_run:
        log.error("ROTADESK_TOKEN not set")
        return 2

    try:
        shifts = list(read_rota(args.csv))
    except (OSError, RotaError) as exc:
        log.error("cannot read rota: %s", exc)
        return 1

    payload = build_payload(shifts, args.week)
    out_dir = Path("exports")
    out_dir.mkdir(exist_ok=True)
    audit = out_dir / f"rota_{args.week}.json"
    audit.write_text(json.dumps(payload, indent=2))
    os.chmod(audit, 0o600)

    if args.dry_run:
        log.info("dry run: %d shifts for %d staff written to %s",
                 len(shifts), len(payload["staff"]), audit)
        return 0

    try:
        result = post_json(API_HOST, API_PATH.format(org=args.org), payload, token)
    except (OSError, http.client.HTTPException, RotaError) as exc:
        log.error("upload failed: %s", exc)
        return 1
    log.info("RotaDesk accepted %s shifts (%s updated)",
             result.get("created", "?"), result.get("updated", "?"))
    return 0


if __name__ == "__main__":
    sys.exit(main())
