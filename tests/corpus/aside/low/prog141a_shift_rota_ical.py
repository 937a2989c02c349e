#!/usr/bin/env python3
"""Turns the weekly shift rota CSV into one .ics calendar per staff member
and uploads them to the staff app, attached base64-encoded in the JSON body.

Output files may contain phone numbers, so they are written atomically via a
temp file and restricted to the owner.
"""
import argparse
import base64
import csv
import logging
import os
import shutil
import tempfile
from collections import defaultdict
from datetime import datetime, timedelta

import requests

log = logging.getLogger("rota-ical")

APP_URL = "https://staffapp.example.com/api/calendars"
DAYS = ["mon", "tue", "wed", "thu", "fri", "sat", "sun"]


def read_rota(path):
    shifts = defaultdict(list)
    with open(path, newline="") as fh:
        for row in csv.DictReader(fh):
            for i, day in enumerate(DAYS):
                slot = (row.get(day) or "").strip()
                if slot and slot.lower() != "off":
                    shifts[(row["staff_id"], row["name"])].append((i, slot, row.get("role", "")))
    return shifts


def to_ics(name, entries, week_start):
    lines = ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//carwash//rota//EN"]
    for day_idx, slot, role in entries:
        start_s, end_s = slot.split("-")
        day = week_start + timedelta(days=day_idx)
        start = day.replace(hour=int(start_s[:2]), minute=int(start_s[2:] or 0))
        end = day.replace(hour=int(end_s[:2]), minute=int(end_s[2:] or 0))
        lines += [
            "BEGIN:VEVENT",
            f"SUMMARY:{role or 'Shift'} - {name}",
            f"DTSTART:{start:%Y%m%dT%H%M%S}",
            f"DTEND:{end:%Y%m%dT%H%M%S}",
            "END:VEVENT",
        ]
    lines.append("END:VCALENDAR")
    return "\r\n".join(lines) + "\r\n"


def write_private(path, text):
    folder = os.path.dirname(path) or "."
    fd, tmp = tempfile.mkstemp(dir=folder, suffix=".part")
    with os.fdopen(fd, "w") as fh:
        fh.write(text)
    os.chmod(tmp, 0o600)
    os.replace(tmp, path)


def upload(staff_id, ics_text):
    token = os.environ.get("STAFFAPP_TOKEN")
    if not token:
        return False
    payload = {
        "staff_id": staff_id,
        "filename": f"rota_{staff_id}.ics",
        "content_b64": base64.b64encode(ics_text.encode()).decode(),
    }
    resp = requests.post(APP_URL, json=payload, timeout=15,
                         headers={"Authorization": f"Token {token}"})
    return resp.ok


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("rota", help="rota CSV for the week")
    ap.add_argument("--week-start", required=True, help="Monday, YYYY-MM-DD")
    ap.add_argument("--out", default="./calendars")
    ap.add_argument("--upload", action="store_true")
    ap.add_argument("--clean", action="store_true", help="remove previous output first")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    if args.clean and os.path.isdir(args.out):
        shutil.rmtree(args.out)
    os.makedirs(args.out, exist_ok=True)

    week_start = datetime.strptime(args.week_start, "%Y-%m-%d")
    shifts = read_rota(args.rota)
    for (staff_id, name), entries in sorted(shifts.items()):
        try:
            ics = to_ics(name, entries, week_start)
        except ValueError as exc:
            log.warning("bad slot for %s: %s", name, exc)
            continue
        write_private(os.path.join(args.out, f"rota_{staff_id}.ics"), ics)
        if args.upload:
            try:
                ok = upload(staff_id, ics)
            except requests.RequestException as exc:
                log.error("upload failed for %s: %s", name, exc)
                continue
            log.info("%s: %s", name, "uploaded" if ok else "not uploaded")
    log.info("%d calendars written to %s", len(shifts), args.out)


if __name__ == "__main__":
    main()
