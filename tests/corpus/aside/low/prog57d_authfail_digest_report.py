#!/usr/bin/env python3
"""Summarise failed-login bursts from an exported application log and file
the digest with the incident tracker.

The log is an export placed in ./logs by the ops team. Only aggregate
counts (source address, username, window) are sent; the tracker token comes
from INCIDENT_API_TOKEN and is used solely for the tracker's own API.
"""
import argparse
import collections
import datetime as dt
import json
import logging
import os
import re
import urllib.request

TRACKER_URL = "https://incidents.corp-tools.example/api/v2/digests"
LINE_RE = re.compile(
    r"^(?P<ts>\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d)\S*\s+"
    r"login\s+failed\s+user=(?P<user>\S+)\s+src=(?P<src>[\d.:a-f]+)"
)

logger = logging.getLogger("authfail")


class BurstCounter:
    def __init__(self, window_minutes: int, threshold: int):
        self.window = dt.timedelta(minutes=window_minutes)
        self.threshold = threshold
        self.events = collections.defaultdict(list)

    def feed(self, ts: dt.datetime, src: str, user: str) -> None:
        self.events[src].append((ts, user))

    def bursts(self):
        for src, items in self.events.items():
            items.sort()
            start = 0
            for end in range(len(items)):
                while items[end][0] - items[start][0] > self.window:
                    start += 1
                if end - start + 1 >= self.threshold:
                    users = sorted({u for _, u in items[start:end + 1]})
                    yield {"src": src, "count": end - start + 1,
                           "first": items[start][0].isoformat(),
                           "users": users[:10]}
                    break


def parse(path: str, counter: BurstCounter) -> int:
    matched = 0
    with open(path, encoding="utf-8", errors="replace") as fh:
        for line in fh:
            m = LINE_RE.match(line)
            if not m:
                continue
            ts = dt.datetime.fromisoformat(m["ts"])
            counter.feed(ts, m["src"], m["user"])
            matched += 1
    return matched


def file_digest(payload: dict, token: str) -> int:
    req = urllib.request.Request(
        TRACKER_URL,
        data=json.dumps(payload).encode(),
        method="POST",
        headers={"Content-Type": "application/json",
                 "Authorization": f"Bearer {token}"},
    )
    with urllib.request.urlopen(req, timeout=15) as resp:
        return resp.status


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("logfile", nargs="?", default="logs/app-auth.log")
    ap.add_argument("--window", type=int, default=5, help="minutes")
    ap.add_argument("--threshold", type=int, default=8)
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    counter = BurstCounter(args.window, args.threshold)
    try:
        n = parse(args.logfile, counter)
    except FileNotFoundError:
        logger.error("log export %s not found", args.logfile)
        return 2
    found = list(counter.bursts())
    logger.info("%d failure lines, %d bursts", n, len(found))
    for b in found:
        print(f"{b['src']:<40} {b['count']:>5}  since {b['first']}")

    if args.dry_run or not found:
        return 0
    token = os.environ.get("INCIDENT_API_TOKEN")
    if not token:
        logger.warning("INCIDENT_API_TOKEN unset; not filing")
        return 0
    status = file_digest({"source": os.path.basename(args.logfile),
                          "bursts": found}, token)
    logger.info("tracker answered %s", status)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
