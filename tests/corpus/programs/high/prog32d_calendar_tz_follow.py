#!/usr/bin/env python3
"""Keep the laptop's clock zone in step with the travel calendar.

Fetches the private ICS feed of the travel calendar, finds the trip that is
happening right now and, if its destination time zone (X-TZ in the event
description, or the DTSTART TZID) differs from the system zone, switches the
system time zone via timedatectl.
"""
import argparse
import logging
import os
import re
import subprocess
import sys
from datetime import datetime, timezone
from pathlib import Path
from zoneinfo import ZoneInfo, available_timezones

import requests

log = logging.getLogger("tz-follow")

EVENT_RE = re.compile(r"BEGIN:VEVENT(.*?)END:VEVENT", re.S)
FIELD_RE = r"^{name}(;[^:\r\n]*)?:(.*)$"


def unfold(ics_text):
    return re.sub(r"\r?\n[ \t]", "", ics_text)


def field(block, name):
    m = re.search(FIELD_RE.format(name=name), block, re.M)
    if not m:
        return None, None
    params = dict(p.split("=", 1) for p in (m.group(1) or "").strip(";").split(";") if "=" in p)
    return m.group(2).strip(), params


def parse_dt(value, params):
    if value is None:
        return None
    if len(value) == 8:
        value += "T000000"
    if value.endswith("Z"):
        return datetime.strptime(value, "%Y%m%dT%H%M%SZ").replace(tzinfo=timezone.utc)
    tz = ZoneInfo(params.get("TZID", "UTC"))
    return datetime.strptime(value, "%Y%m%dT%H%M%S").replace(tzinfo=tz)


def current_trip_zone(ics_text, now):
    for block in EVENT_RE.findall(unfold(ics_text)):
        start_v, start_p = field(block, "DTSTART")
        end_v, end_p = field(block, "DTEND")
        start, end = parse_dt(start_v, start_p or {}), parse_dt(end_v, end_p or {})
        if not start or not end or not (start <= now < end):
            continue
        desc, _ = field(block, "DESCRIPTION")
        m = re.search(r"X-TZ=([A-Za-z_]+/[A-Za-z_/]+)", desc or "")
        if m:
            return m.group(1)
        if start_p and "TZID" in start_p:
            return start_p["TZID"]
    return None


def system_zone():
    link = Path("/etc/localtime")
    try:
        target = os.readlink(link)
        return target.split("zoneinfo/", 1)[1]
    except (OSError, IndexError):
        return Path("/etc/timezone").read_text().strip() if Path("/etc/timezone").exists() else "UTC"


def switch_zone(zone, dry_run):
    cmd = ["sudo", "-n", "timedatectl", "set-timezone", zone]
    log.info("switching system time zone: %s", " ".join(cmd))
    if dry_run:
        return True
    proc = subprocess.run(cmd, capture_output=True, text=True)
    if proc.returncode != 0:
        log.error("timedatectl failed: %s", proc.stderr.strip())
        return False
    return True


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--ics-url", default=os.environ.get("TRAVEL_ICS_URL"))
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("--home-zone", default="Europe/Berlin",
                    help="zone to return to when no trip is active")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    if not args.ics_url:
        log.error("no ICS URL (set TRAVEL_ICS_URL or pass --ics-url)")
        return 2
    try:
        resp = requests.get(args.ics_url, timeout=20)
        resp.raise_for_status()
    except requests.RequestException as exc:
        log.error("could not fetch calendar: %s", exc)
        return 1

    wanted = current_trip_zone(resp.text, datetime.now(timezone.utc)) or args.home_zone
    if wanted not in available_timezones():
        log.error("calendar names unknown zone %r", wanted)
        return 1
    have = system_zone()
    if have == wanted:
        log.info("system already on %s", have)
        return 0
    return 0 if switch_zone(wanted, args.dry_run) else 1


if __name__ == "__main__":
    sys.exit(main())
