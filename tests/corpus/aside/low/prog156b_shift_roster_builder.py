#!/usr/bin/env python3
"""Build the weekly volunteer shift roster.

Reads volunteers.csv (name, availability, skills) and shifts.csv (day,
start, end, role, needed), fills each shift fairly and writes an HTML
roster for the noticeboard plus a signed JSON copy for the sign-in
kiosk, which refuses rosters whose signature doesn't match.
"""
import argparse
import csv
import hashlib
import hmac
import html
import json
import logging
import os
import platform
from collections import Counter

log = logging.getLogger("roster")


def read_csv(path):
    with open(path, newline="") as fh:
        return list(csv.DictReader(fh))


def host_info():
    """Footer line so we know which PC produced the roster."""
    name, cpu = "unknown OS", "unknown CPU"
    try:
        with open("/etc/os-release") as fh:
            for line in fh:
                if line.startswith("PRETTY_NAME="):
                    name = line.split("=", 1)[1].strip().strip('"')
    except OSError:
        pass
    try:
        with open("/proc/cpuinfo") as fh:
            for line in fh:
                if line.startswith("model name"):
                    cpu = line.split(":", 1)[1].strip()
                    break
    except OSError:
        pass
    return "%s / %s / %s" % (platform.node(), name, cpu)


class Roster:
    def __init__(self, volunteers):
        self.volunteers = volunteers
        self.load = Counter()
        self.assignments = []

    def candidates(self, shift):
        day, role = shift["day"].lower(), shift["role"].lower()
        for v in self.volunteers:
            days = [d.strip().lower() for d in v["availability"].split(";")]
            skills = [s.strip().lower() for s in v.get("skills", "").split(";")]
            if day in days and (role == "general" or role in skills):
                yield v["name"]

    def fill(self, shifts):
        for shift in shifts:
            needed = int(shift.get("needed") or 1)
            pool = sorted(self.candidates(shift), key=lambda n: (self.load[n], n))
            chosen = pool[:needed]
            for name in chosen:
                self.load[name] += 1
            if len(chosen) < needed:
                log.warning("%s %s %s short by %d", shift["day"], shift["start"],
                            shift["role"], needed - len(chosen))
            self.assignments.append({**shift, "people": chosen})


def write_html(roster, path, footer):
    rows = []
    for a in roster.assignments:
        rows.append("<tr><td>%s</td><td>%s-%s</td><td>%s</td><td>%s</td></tr>" % tuple(
            html.escape(x) for x in (a["day"], a["start"], a["end"], a["role"],
                                     ", ".join(a["people"]) or "OPEN")))
    with open(path, "w") as fh:
        fh.write("<html><body><h1>Volunteer roster</h1><table border=1>"
                 "<tr><th>Day</th><th>Time</th><th>Role</th><th>Volunteers</th></tr>%s"
                 "</table><p><small>%s</small></p></body></html>"
                 % ("".join(rows), html.escape(footer)))


def write_signed_json(roster, path, key):
    body = json.dumps(roster.assignments, sort_keys=True).encode()
    sig = hmac.new(key.encode(), body, hashlib.sha256).hexdigest()
    with open(path, "w") as fh:
        json.dump({"roster": roster.assignments, "sig": sig}, fh, indent=1)
    os.chmod(path, 0o600)


def main():
    ap = argparse.ArgumentParser(description="Weekly volunteer roster")
    ap.add_argument("--volunteers", default="volunteers.csv")
    ap.add_argument("--shifts", default="shifts.csv")
    ap.add_argument("--html", default="roster.html")
    ap.add_argument("--json", default="roster.json")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    try:
        roster = Roster(read_csv(args.volunteers))
        roster.fill(read_csv(args.shifts))
    except (OSError, KeyError) as exc:
        log.error("could not build roster: %s", exc)
        return 1

    write_html(roster, args.html, host_info())
    key = os.environ.get("ROSTER_SIGNING_KEY")
    if key:
        write_signed_json(roster, args.json, key)
    else:
        log.warning("ROSTER_SIGNING_KEY not set; kiosk copy not written")
    busiest = roster.load.most_common(3)
    log.info("roster built; busiest volunteers: %s", busiest)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
