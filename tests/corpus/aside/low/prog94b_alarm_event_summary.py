#!/usr/bin/env python3
"""Summarise an alarm panel event log export for the maintenance visit.

Engineers download the panel's event log (CSV export from the programming
software) at each service visit. This turns it into the summary that goes on
the maintenance certificate: alarms and tampers per zone, set/unset counts per
user, mains and battery faults, and zones that never activated during the
period (walk-test candidates).

    ./alarm_event_summary.py events_2024-05-14.csv --zones zones.csv
"""
import argparse
import collections
import csv
import hashlib
import json
import logging
import platform
import sys
from datetime import datetime
from pathlib import Path

log = logging.getLogger("event-summary")

CACHE_DIR = Path(".event_cache")
TIME_FORMATS = ("%d/%m/%Y %H:%M:%S", "%Y-%m-%d %H:%M:%S", "%d/%m/%y %H:%M")


def parse_time(text):
    for fmt in TIME_FORMATS:
        try:
            return datetime.strptime(text.strip(), fmt)
        except ValueError:
            continue
    raise ValueError(f"unrecognised timestamp {text!r}")


def cache_key(path):
    h = hashlib.md5()
    with open(path, "rb") as fh:
        for block in iter(lambda: fh.read(65536), b""):
            h.update(block)
    return h.hexdigest()


def read_events(path):
    """Parse the export; parsed rows are cached by file content."""
    key = cache_key(path)
    cached = CACHE_DIR / f"{key}.json"
    if cached.exists():
        log.debug("using cached parse %s", cached.name)
        return json.loads(cached.read_text())
    events = []
    with open(path, newline="", encoding="utf-8-sig") as fh:
        for n, row in enumerate(csv.DictReader(fh), start=2):
            try:
                when = parse_time(row["Date/Time"])
            except (KeyError, ValueError) as exc:
                log.warning("line %d skipped: %s", n, exc)
                continue
            events.append({"t": when.isoformat(), "event": row.get("Event", "").strip(),
                           "zone": row.get("Zone", "").strip(), "user": row.get("User", "").strip()})
    CACHE_DIR.mkdir(exist_ok=True)
    cached.write_text(json.dumps(events))
    return events


def read_zone_names(path):
    if not path or not Path(path).exists():
        return {}
    with open(path, newline="") as fh:
        return {r["zone"].strip(): r["name"].strip() for r in csv.DictReader(fh)}


def summarise(events, zone_names):
    per_zone = collections.defaultdict(collections.Counter)
    per_user = collections.defaultdict(collections.Counter)
    faults = collections.Counter()
    for ev in events:
        kind = ev["event"].lower()
        if ev["zone"]:
            per_zone[ev["zone"]][kind] += 1
        if ev["user"] and kind in ("set", "unset", "part set"):
            per_user[ev["user"]][kind] += 1
        if any(w in kind for w in ("mains", "battery", "ats", "comms")):
            faults[ev["event"]] += 1
    quiet = sorted(z for z in zone_names if z not in per_zone)
    return per_zone, per_user, faults, quiet


def os_label():
    try:
        for line in Path("/etc/os-release").read_text().splitlines():
            if line.startswith("PRETTY_NAME="):
                return line.split("=", 1)[1].strip('"')
    except OSError:
        pass
    return platform.platform()


def write_report(out, events, zone_names, summary):
    per_zone, per_user, faults, quiet = summary
    first, last = events[0]["t"][:10], events[-1]["t"][:10]
    out.write(f"Event log summary {first} to {last} ({len(events)} events)\n\n")
    out.write("Zone activity\n")
    for zone in sorted(per_zone, key=lambda z: int(z) if z.isdigit() else 0):
        c = per_zone[zone]
        out.write(f"  {zone:>4} {zone_names.get(zone, ''):<20} alarms {c['alarm']:>3}  "
                  f"tampers {c['tamper']:>3}  opened {c['open']:>4}\n")
    out.write("\nUsers\n")
    for user, c in sorted(per_user.items()):
        out.write(f"  {user:<20} set {c['set']:>4}  unset {c['unset']:>4}  part {c['part set']:>3}\n")
    out.write("\nFaults\n")
    for name, n in faults.most_common() or [("none", 0)]:
        out.write(f"  {name:<30} {n}\n")
    if quiet:
        out.write("\nZones with no activity (walk test): " + ", ".join(quiet) + "\n")
    out.write(f"\nproduced {datetime.now():%d/%m/%Y %H:%M} on {os_label()}\n")


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("events")
    ap.add_argument("--zones", help="zones.csv with zone,name columns")
    ap.add_argument("-o", "--output", help="write the summary here instead of stdout")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    try:
        events = sorted(read_events(args.events), key=lambda e: e["t"])
    except OSError as exc:
        log.error("%s", exc)
        return 2
    if not events:
        log.error("no events parsed from %s", args.events)
        return 1
    zone_names = read_zone_names(args.zones)
    summary = summarise(events, zone_names)
    if args.output:
        with open(args.output, "w") as fh:
            write_report(fh, events, zone_names, summary)
        log.info("summary written to %s", args.output)
    else:
        write_report(sys.stdout, events, zone_names, summary)
    return 0


if __name__ == "__main__":
    sys.exit(main())
