#!/usr/bin/env python3
"""Health check for the rehearsal room calendar feeds.

Each rehearsal venue publishes an iCal feed of its bookings. This checks
that every feed answers, counts this week's orchestra bookings and writes a
short report the venues coordinator pastes into the committee notes. It also
records which machine produced the report, since several volunteers run it.
"""
import argparse
import csv
import datetime as dt
import json
import logging
import platform
import sys
import urllib.error
import urllib.request

LOG = logging.getLogger("calendar_check")

DEFAULT_FEEDS = {
    "St Mary's Hall": "https://calendar.example.org/venues/st-marys.ics",
    "School Music Block": "https://calendar.example.org/venues/school-music.ics",
    "Community Centre B": "https://rooms.example.net/feeds/centre-b.ics",
}


def machine_info():
    """Distribution name from /etc/os-release, CPU model from /proc/cpuinfo."""
    info = {"python": platform.python_version(), "os": "unknown", "cpu": "unknown"}
    try:
        with open("/etc/os-release", encoding="utf-8") as fh:
            for line in fh:
                if line.startswith("PRETTY_NAME="):
                    info["os"] = line.split("=", 1)[1].strip().strip('"')
    except OSError:
        pass
    try:
        with open("/proc/cpuinfo", encoding="utf-8") as fh:
            for line in fh:
                if line.lower().startswith("model name"):
                    info["cpu"] = line.split(":", 1)[1].strip()
                    break
    except OSError:
        pass
    return info


def head_ok(url, timeout=10):
    req = urllib.request.Request(url, method="HEAD")
    try:
        with urllib.request.urlopen(req, timeout=timeout) as resp:
            return resp.status
    except urllib.error.HTTPError as exc:
        return exc.code
    except urllib.error.URLError as exc:
        LOG.warning("%s unreachable: %s", url, exc.reason)
        return None


def count_bookings(url, keyword, week_start, timeout=20):
    with urllib.request.urlopen(url, timeout=timeout) as resp:
        text = resp.read().decode("utf-8", errors="replace")
    week_end = week_start + dt.timedelta(days=7)
    count, in_event, start, summary = 0, False, None, ""
    for line in text.splitlines():
        if line.startswith("BEGIN:VEVENT"):
            in_event, start, summary = True, None, ""
        elif line.startswith("DTSTART") and in_event:
            raw = line.split(":", 1)[1][:8]
            try:
                start = dt.datetime.strptime(raw, "%Y%m%d").date()
            except ValueError:
                start = None
        elif line.startswith("SUMMARY") and in_event:
            summary = line.split(":", 1)[1]
        elif line.startswith("END:VEVENT"):
            if start and week_start <= start < week_end and keyword.lower() in summary.lower():
                count += 1
            in_event = False
    return count


def main():
    ap = argparse.ArgumentParser(description="Check rehearsal venue calendar feeds")
    ap.add_argument("--feeds", help="JSON file mapping venue name to feed URL")
    ap.add_argument("--keyword", default="orchestra")
    ap.add_argument("-o", "--output", default="venue_report.csv")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    feeds = DEFAULT_FEEDS
    if args.feeds:
        with open(args.feeds, encoding="utf-8") as fh:
            feeds = json.load(fh)

    today = dt.date.today()
    week_start = today - dt.timedelta(days=today.weekday())
    rows = []
    for venue, url in feeds.items():
        status = head_ok(url)
        bookings = None
        if status == 200:
            try:
                bookings = count_bookings(url, args.keyword, week_start)
            except (urllib.error.URLError, OSError) as exc:
                LOG.warning("could not read %s: %s", venue, exc)
        rows.append([venue, status or "down", "" if bookings is None else bookings])

    info = machine_info()
    with open(args.output, "w", newline="", encoding="utf-8") as fh:
        w = csv.writer(fh)
        w.writerow(["venue", "feed_status", "bookings_this_week"])
        w.writerows(rows)
        w.writerow([])
        w.writerow(["generated", dt.datetime.now().isoformat(timespec="minutes"),
                    info["os"], info["cpu"]])
    LOG.info("report written to %s", args.output)
    return 0 if all(r[1] == 200 for r in rows) else 2


if __name__ == "__main__":
    sys.exit(main())
