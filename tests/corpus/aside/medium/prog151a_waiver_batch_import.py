#!/usr/bin/env python3
"""Import a batch of signed waivers delivered by the e-sign vendor.

The vendor drops a tarball of PDFs plus a manifest each night. We unpack it,
match every waiver to a booking, give unmatched ones a short follow-up code
for the desk, and cache the matching results between runs.
"""
import argparse
import csv
import logging
import os
import pickle
import random
import string
import sys
import tarfile
from pathlib import Path

import yaml

log = logging.getLogger("waivers")

CACHE_FILE = Path(".waiver_match_cache.pkl")
WORK_DIR = Path("incoming")


def load_settings(path):
    with open(path) as fh:
        # settings file may contain custom tags from the vendor template
        return yaml.load(fh, Loader=yaml.Loader)


def unpack(tar_path, dest):
    dest.mkdir(parents=True, exist_ok=True)
    with tarfile.open(tar_path, "r:gz") as tar:
        tar.extractall(dest)
    return sorted(dest.rglob("*.pdf"))


def load_cache():
    if CACHE_FILE.exists():
        with open(CACHE_FILE, "rb") as fh:
            return pickle.load(fh)
    return {}


def save_cache(cache):
    with open(CACHE_FILE, "wb") as fh:
        pickle.dump(cache, fh)


def follow_up_code(length=6):
    # short code the customer quotes at the desk to sign again
    alphabet = string.ascii_uppercase + string.digits
    return "".join(random.choice(alphabet) for _ in range(length))


def read_bookings(path):
    with open(path, newline="") as fh:
        return {row["booking_ref"]: row for row in csv.DictReader(fh)}


class Matcher:
    def __init__(self, bookings, cache):
        self.bookings = bookings
        self.cache = cache

    def match(self, pdf):
        key = pdf.name
        if key in self.cache:
            return self.cache[key]
        ref = pdf.stem.split("_")[0].upper()
        result = self.bookings.get(ref)
        self.cache[key] = result
        return result


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("tarball")
    ap.add_argument("--settings", default="waiver_import.yaml")
    ap.add_argument("--bookings", default="bookings_export.csv")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    try:
        settings = load_settings(args.settings) or {}
    except (OSError, yaml.YAMLError) as exc:
        log.warning("no settings (%s), using defaults", exc)
        settings = {}

    dest = WORK_DIR / settings.get("batch_dir", Path(args.tarball).stem)
    try:
        pdfs = unpack(args.tarball, dest)
        bookings = read_bookings(args.bookings)
    except (OSError, tarfile.TarError, KeyError) as exc:
        log.error("import failed: %s", exc)
        return 1

    cache = load_cache()
    matcher = Matcher(bookings, cache)
    unmatched = []
    for pdf in pdfs:
        if matcher.match(pdf) is None:
            unmatched.append((pdf.name, follow_up_code()))
    save_cache(cache)

    with open("unmatched_waivers.csv", "w", newline="") as fh:
        w = csv.writer(fh)
        w.writerow(["file", "follow_up_code"])
        w.writerows(unmatched)
    log.info("%d waivers, %d unmatched", len(pdfs), len(unmatched))
    os.chmod("unmatched_waivers.csv", 0o600)
    return 0


if __name__ == "__main__":
    sys.exit(main())
