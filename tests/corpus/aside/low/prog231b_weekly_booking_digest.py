#!/usr/bin/env python3
"""
weekly_booking_digest.py - print next week's instrument bookings per user.

Fetches the public booking calendar feed (JSON) from the booking service,
groups the bookings by instrument and user, flags overlapping or unusually
long slots, and writes a Markdown digest into the working directory for the
facility newsletter.

Usage:
    python3 weekly_booking_digest.py [--feed URL] [--out digest.md] [--max-hours 12]
"""

import argparse
import collections
import datetime
import json
import logging
import sys
import urllib.error
import urllib.request

LOG = logging.getLogger("booking-digest")

DEFAULT_FEED = "https://booking.chem.example.org/api/public/calendar?range=next-week"


class Booking:
    def __init__(self, raw):
        self.instrument = raw["instrument"]
        self.user = raw["user"]
        self.start = datetime.datetime.fromisoformat(raw["start"])
        self.end = datetime.datetime.fromisoformat(raw["end"])

    @property
    def hours(self):
        return (self.end - self.start).total_seconds() / 3600.0

    def overlaps(self, other):
        return self.instrument == other.instrument and self.start < other.end and other.start < self.end


def fetch_feed(url, timeout=15):
    LOG.info("fetching %s", url)
    req = urllib.request.Request(url, headers={"Accept": "application/json"})
    with urllib.request.urlopen(req, timeout=timeout) as resp:
        return json.load(resp)


def find_problems(bookings, max_hours):
    problems = []
    by_inst = collections.defaultdict(list)
    for b in bookings:
        by_inst[b.instrument].append(b)
        if b.hours > max_hours:
            problems.append(f"{b.user} booked {b.instrument} for {b.hours:.1f} h on {b.start:%a %d %b}")
    for inst, items in by_inst.items():
        items.sort(key=lambda b: b.start)
        for a, b in zip(items, items[1:]):
            if a.overlaps(b):
                problems.append(f"{inst}: {a.user} and {b.user} overlap at {b.start:%a %H:%M}")
    return problems


def render(bookings, problems):
    lines = ["# Instrument bookings next week", ""]
    per_inst = collections.defaultdict(lambda: collections.Counter())
    for b in bookings:
        per_inst[b.instrument][b.user] += b.hours
    for inst in sorted(per_inst):
        total = sum(per_inst[inst].values())
        lines.append(f"## {inst} ({total:.1f} h booked)")
        for user, hours in per_inst[inst].most_common():
            lines.append(f"- {user}: {hours:.1f} h")
        lines.append("")
    if problems:
        lines.append("## Please check")
        lines.extend(f"- {p}" for p in problems)
    return "\n".join(lines) + "\n"


def parse_args():
    p = argparse.ArgumentParser(description="Weekly instrument booking digest")
    p.add_argument("--feed", default=DEFAULT_FEED)
    p.add_argument("--out", default="booking_digest.md")
    p.add_argument("--max-hours", type=float, default=12.0)
    p.add_argument("-v", "--verbose", action="store_true")
    return p.parse_args()


def main():
    args = parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    try:
        data = fetch_feed(args.feed)
    except (urllib.error.URLError, ValueError) as exc:
        LOG.error("could not read booking feed: %s", exc)
        return 1

    bookings = []
    for raw in data.get("bookings", []):
        try:
            bookings.append(Booking(raw))
        except (KeyError, ValueError) as exc:
            LOG.warning("skipping malformed booking %r: %s", raw, exc)
    LOG.info("%d bookings parsed", len(bookings))

    problems = find_problems(bookings, args.max_hours)
    with open(args.out, "w", encoding="utf-8") as fh:
        fh.write(render(bookings, problems))
    LOG.info("digest written to %s (%d items to check)", args.out, len(problems))
    return 0


if __name__ == "__main__":
    sys.exit(main())
