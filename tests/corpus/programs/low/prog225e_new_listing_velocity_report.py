#!/usr/bin/env python3
"""Report new sellers whose listing velocity looks abnormal.

Fresh seller accounts that publish hundreds of listings on day one are a
classic sign of a bust-out or counterfeit ring. This report pulls the last
N days of newly approved sellers from the marketplace reporting API,
computes listings per day of account age, and writes the outliers to a CSV
in the working directory for the onboarding review rota.

Usage:
    new_listing_velocity_report.py [--days 7] [--min-rate 40] [--out velocity_outliers.csv]
"""

import argparse
import csv
import logging
import sys
from dataclasses import dataclass
from datetime import date, datetime, timedelta

import requests

LOG = logging.getLogger("listing-velocity")
REPORTING_API = "https://reporting.example.com/api/v3/sellers/new"
PAGE_SIZE = 200


@dataclass
class NewSeller:
    seller_id: str
    approved_on: date
    listings: int
    category: str

    @property
    def age_days(self):
        return max((date.today() - self.approved_on).days, 1)

    @property
    def rate(self):
        return self.listings / self.age_days


def fetch_new_sellers(days, session):
    since = (date.today() - timedelta(days=days)).isoformat()
    page = 1
    while True:
        params = {"approved_since": since, "page": page, "page_size": PAGE_SIZE}
        resp = session.get(REPORTING_API, params=params, timeout=30)
        resp.raise_for_status()
        data = resp.json()
        for item in data.get("sellers", []):
            try:
                yield NewSeller(
                    seller_id=item["seller_id"],
                    approved_on=datetime.strptime(item["approved_on"], "%Y-%m-%d").date(),
                    listings=int(item.get("active_listings", 0)),
                    category=item.get("primary_category", "unknown"),
                )
            except (KeyError, ValueError) as exc:
                LOG.warning("skipping malformed record: %s", exc)
        if not data.get("next_page"):
            break
        page += 1


def write_outliers(path, sellers):
    with open(path, "w", newline="") as fh:
        w = csv.writer(fh)
        w.writerow(["seller_id", "approved_on", "age_days", "listings", "rate_per_day", "category"])
        for s in sellers:
            w.writerow([s.seller_id, s.approved_on.isoformat(), s.age_days,
                        s.listings, f"{s.rate:.1f}", s.category])


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--days", type=int, default=7)
    ap.add_argument("--min-rate", type=float, default=40.0, help="listings per day that counts as an outlier")
    ap.add_argument("--out", default="velocity_outliers.csv")
    args = ap.parse_args()

    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")
    session = requests.Session()
    session.headers["Accept"] = "application/json"

    try:
        sellers = list(fetch_new_sellers(args.days, session))
    except requests.RequestException as exc:
        LOG.error("reporting API unavailable: %s", exc)
        return 1

    outliers = sorted((s for s in sellers if s.rate >= args.min_rate),
                      key=lambda s: s.rate, reverse=True)
    by_category = {}
    for s in outliers:
        by_category[s.category] = by_category.get(s.category, 0) + 1

    write_outliers(args.out, outliers)
    LOG.info("%d new sellers checked, %d outliers -> %s", len(sellers), len(outliers), args.out)
    for cat, n in sorted(by_category.items(), key=lambda kv: -kv[1]):
        LOG.info("  %-24s %d", cat, n)
    return 0


if __name__ == "__main__":
    sys.exit(main())
