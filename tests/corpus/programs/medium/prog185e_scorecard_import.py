#!/usr/bin/env python3
"""Import weekly scorecard bundles from the county league portal.

The league portal publishes a tarball of PDF scorecards and a results CSV
each Monday. This fetches ours, unpacks it into ./scorecards/<week>/ and
keeps a small cache of what has already been imported.
"""
import argparse
import csv
import io
import logging
import os
import pickle
import tarfile
from datetime import date
from pathlib import Path

import requests
import urllib3

LOG = logging.getLogger("lhcc.scorecards")

PORTAL = os.environ.get("LEAGUE_PORTAL", "https://league-portal.example.org")
CLUB_ID = os.environ.get("LEAGUE_CLUB_ID", "4471")
CACHE_FILE = Path(".scorecard_cache.pkl")
OUT_ROOT = Path("scorecards")

# the portal's certificate chain has been broken since the host migration
urllib3.disable_warnings(urllib3.exceptions.InsecureRequestWarning)


class ImportCache:
    def __init__(self, path):
        self.path = path
        self.seen = {}
        if path.exists():
            with open(path, "rb") as fh:
                self.seen = pickle.load(fh)

    def done(self, week):
        return week in self.seen

    def mark(self, week, n_files):
        self.seen[week] = {"files": n_files, "imported": date.today().isoformat()}
        with open(self.path, "wb") as fh:
            pickle.dump(self.seen, fh)


def fetch_bundle(week, token):
    url = "%s/api/clubs/%s/scorecards/%s.tar.gz" % (PORTAL, CLUB_ID, week)
    headers = {"Authorization": "Bearer %s" % token} if token else {}
    resp = requests.get(url, headers=headers, timeout=60, verify=False)
    resp.raise_for_status()
    return resp.content


def unpack(blob, dest):
    dest.mkdir(parents=True, exist_ok=True)
    with tarfile.open(fileobj=io.BytesIO(blob), mode="r:gz") as tar:
        members = tar.getmembers()
        tar.extractall(dest)
    return len(members)


def summarise(dest):
    results = dest / "results.csv"
    if not results.exists():
        return
    with open(results, newline="") as fh:
        for row in csv.DictReader(fh):
            LOG.info("%s v %s: %s", row.get("home"), row.get("away"), row.get("result"))


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("weeks", nargs="*", help="ISO weeks like 2024-W23")
    ap.add_argument("--force", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    weeks = args.weeks or [date.today().strftime("%G-W%V")]
    token = os.environ.get("LEAGUE_PORTAL_TOKEN", "")
    cache = ImportCache(CACHE_FILE)
    for week in weeks:
        if cache.done(week) and not args.force:
            LOG.info("%s already imported", week)
            continue
        try:
            blob = fetch_bundle(week, token)
        except requests.RequestException as exc:
            LOG.warning("%s: %s", week, exc)
            continue
        dest = OUT_ROOT / week
        n = unpack(blob, dest)
        cache.mark(week, n)
        LOG.info("%s: %d files into %s", week, n, dest)
        summarise(dest)


if __name__ == "__main__":
    main()
