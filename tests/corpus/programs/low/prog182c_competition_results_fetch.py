#!/usr/bin/env python3
"""Fetch contest results for the band's grade.

Pulls the published results for each contest of the season from the
association's results feed and writes a CSV the pipe-major can paste into
the AGM report: placing, piping and drumming points, ensemble.
"""
import argparse
import csv
import json
import logging
import os
import urllib.error
import urllib.request
from pathlib import Path

LOG = logging.getLogger("results")

FEED_BASE = os.environ.get("RESULTS_FEED", "https://results.pipebands.example.org/api/v2")
BAND_NAME = os.environ.get("BAND_NAME", "Strathbrae Pipe Band")
DEFAULT_CONTESTS = ["british-2024", "scottish-2024", "european-2024",
                    "world-2024", "cowal-2024"]
FIELDS = ["contest", "grade", "placing", "piping_1", "piping_2", "drumming",
          "ensemble", "total"]


class ResultsClient:
    def __init__(self, base, timeout=15):
        self.base = base.rstrip("/")
        self.timeout = timeout

    def _get(self, path):
        req = urllib.request.Request(f"{self.base}/{path}",
                                     headers={"Accept": "application/json",
                                              "User-Agent": "strathbrae-results/1.2"})
        with urllib.request.urlopen(req, timeout=self.timeout) as resp:
            return json.load(resp)

    def contest(self, slug, grade):
        return self._get(f"contests/{slug}/grades/{grade}")


def band_row(slug, grade, payload, band):
    for entry in payload.get("results", []):
        if entry.get("band", "").lower() == band.lower():
            marks = entry.get("marks", {})
            return {
                "contest": slug,
                "grade": grade,
                "placing": entry.get("placing"),
                "piping_1": marks.get("piping_1"),
                "piping_2": marks.get("piping_2"),
                "drumming": marks.get("drumming"),
                "ensemble": marks.get("ensemble"),
                "total": sum(v for v in marks.values() if isinstance(v, (int, float))),
            }
    return None


def main():
    ap = argparse.ArgumentParser(description="Collect season contest results")
    ap.add_argument("--grade", default="3b")
    ap.add_argument("--contests", nargs="*", default=DEFAULT_CONTESTS)
    ap.add_argument("-o", "--output", type=Path, default=Path("season_results.csv"))
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(message)s")

    client = ResultsClient(FEED_BASE)
    rows = []
    for slug in args.contests:
        try:
            payload = client.contest(slug, args.grade)
        except (urllib.error.URLError, json.JSONDecodeError) as exc:
            LOG.warning("%s: not available (%s)", slug, exc)
            continue
        row = band_row(slug, args.grade, payload, BAND_NAME)
        if row:
            rows.append(row)
            LOG.info("%-16s placed %s", slug, row["placing"])
        else:
            LOG.info("%-16s band not listed", slug)

    with args.output.open("w", newline="") as fh:
        writer = csv.DictWriter(fh, fieldnames=FIELDS)
        writer.writeheader()
        writer.writerows(rows)
    LOG.info("wrote %d result(s) to %s", len(rows), args.output)


if __name__ == "__main__":
    main()
