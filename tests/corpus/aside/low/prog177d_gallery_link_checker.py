#!/usr/bin/env python3
"""Check that delivered client gallery links still work.

Reads the delivery log CSV (couple, gallery URL, delivered date) and
reports galleries that are down or about to expire.
"""
import argparse
import csv
import logging
import sys
from datetime import date, datetime, timedelta
from pathlib import Path

import requests

log = logging.getLogger("link-check")

EXPIRY_DAYS = 365
USER_AGENT = "studio-link-check/1.3 (+https://www.example.com/contact)"


class GalleryCheck:
    def __init__(self, couple: str, url: str, delivered: date):
        self.couple = couple
        self.url = url
        self.delivered = delivered
        self.status = None
        self.error = ""

    @property
    def expires(self) -> date:
        return self.delivered + timedelta(days=EXPIRY_DAYS)

    def run(self, session: requests.Session, timeout: float) -> None:
        try:
            resp = session.head(self.url, allow_redirects=True, timeout=timeout)
            if resp.status_code == 405:
                resp = session.get(self.url, timeout=timeout, stream=True)
            self.status = resp.status_code
        except requests.RequestException as exc:
            self.error = type(exc).__name__


def load(path: Path):
    with path.open(newline="", encoding="utf-8") as fh:
        for row in csv.DictReader(fh):
            try:
                delivered = datetime.strptime(row["delivered"], "%Y-%m-%d").date()
            except (KeyError, ValueError):
                log.warning("bad date for %s", row.get("couple"))
                continue
            yield GalleryCheck(row["couple"], row["gallery_url"], delivered)


def main() -> int:
    parser = argparse.ArgumentParser(description="Check client gallery links")
    parser.add_argument("deliveries", type=Path, nargs="?", default=Path("deliveries.csv"))
    parser.add_argument("--timeout", type=float, default=10.0)
    parser.add_argument("--warn-days", type=int, default=30)
    parser.add_argument("--report", type=Path, default=Path("gallery_report.csv"))
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    session = requests.Session()
    session.headers["User-Agent"] = USER_AGENT
    checks = list(load(args.deliveries))
    problems = 0
    soon = date.today() + timedelta(days=args.warn_days)

    with args.report.open("w", newline="", encoding="utf-8") as out:
        writer = csv.writer(out)
        writer.writerow(["couple", "url", "status", "expires", "note"])
        for check in checks:
            check.run(session, args.timeout)
            note = ""
            if check.error or (check.status and check.status >= 400):
                note = "DOWN"
                problems += 1
            elif check.expires <= soon:
                note = "EXPIRING"
            writer.writerow([check.couple, check.url, check.status or check.error,
                             check.expires.isoformat(), note])
            if note:
                log.warning("%-30s %s (%s)", check.couple, note, check.status or check.error)

    log.info("checked %d galleries, %d down, report in %s", len(checks), problems, args.report)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
