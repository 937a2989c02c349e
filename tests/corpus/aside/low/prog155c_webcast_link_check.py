#!/usr/bin/env python3
"""Check that families' webcast links work before each service.

Reads the day's webcast bookings (CSV exported from the diary), checks that
each viewer page and its replay link answer, and prints a short table the
chapel attendant can glance at in the morning.
"""

import argparse
import csv
import logging
import sys
import time
import urllib.error
import urllib.request
from dataclasses import dataclass

LOG = logging.getLogger("link-check")

USER_AGENT = "chapel-linkcheck/1.0 (+https://www.example.com/webcast)"
DEFAULT_TIMEOUT = 10


@dataclass
class Result:
    booking: str
    url: str
    status: str
    elapsed_ms: int


def probe(url, timeout=DEFAULT_TIMEOUT):
    """HEAD the URL, falling back to GET for servers that refuse HEAD."""
    started = time.monotonic()
    for method in ("HEAD", "GET"):
        req = urllib.request.Request(url, method=method, headers={"User-Agent": USER_AGENT})
        try:
            with urllib.request.urlopen(req, timeout=timeout) as resp:
                if method == "GET":
                    resp.read(1024)
                return str(resp.status), int((time.monotonic() - started) * 1000)
        except urllib.error.HTTPError as exc:
            if exc.code == 405 and method == "HEAD":
                continue
            return str(exc.code), int((time.monotonic() - started) * 1000)
        except (urllib.error.URLError, TimeoutError) as exc:
            return "ERR %s" % getattr(exc, "reason", exc), int((time.monotonic() - started) * 1000)
    return "ERR", int((time.monotonic() - started) * 1000)


class Checker:
    def __init__(self, timeout):
        self.timeout = timeout
        self.results = []

    def check_row(self, row):
        ref = row.get("booking_ref", "?")
        for column in ("viewer_url", "replay_url"):
            url = (row.get(column) or "").strip()
            if not url:
                continue
            if not url.startswith("https://"):
                LOG.warning("%s: %s is not https", ref, column)
            status, ms = probe(url, self.timeout)
            self.results.append(Result(ref, url, status, ms))

    def failures(self):
        return [r for r in self.results if not r.status.startswith(("2", "3"))]


def print_table(results):
    print("%-10s %-8s %7s  %s" % ("BOOKING", "STATUS", "MS", "URL"))
    for r in results:
        print("%-10s %-8s %7d  %s" % (r.booking, r.status, r.elapsed_ms, r.url))


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("bookings_csv")
    parser.add_argument("--timeout", type=float, default=DEFAULT_TIMEOUT)
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.WARNING)

    checker = Checker(args.timeout)
    try:
        with open(args.bookings_csv, newline="", encoding="utf-8") as fh:
            for row in csv.DictReader(fh):
                checker.check_row(row)
    except OSError as exc:
        LOG.error("cannot read %s: %s", args.bookings_csv, exc)
        return 2

    print_table(checker.results)
    bad = checker.failures()
    if bad:
        print("\n%d link(s) need attention before the service." % len(bad))
        return 1
    print("\nAll webcast links answered.")
    return 0


if __name__ == "__main__":
    sys.exit(main())
