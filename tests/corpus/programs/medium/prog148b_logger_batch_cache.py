#!/usr/bin/env python3
"""Batch-process cold box logger downloads with a local cache.

Couriers download logger files at every handover. Parsing the big ones
is slow, so parsed results are cached next to the originals and the raw
downloads are compressed once processed. Thresholds per organ type come
from a YAML profile maintained by the transplant coordinators.
"""
import argparse
import csv
import logging
import os
import pickle
import shutil
import subprocess
import tempfile

import yaml

LOG = logging.getLogger("logger.batch")

DEFAULT_PROFILE = """
kidney: {low: 2.0, high: 8.0}
liver: {low: 2.0, high: 8.0}
heart: {low: 4.0, high: 10.0}
cornea: {low: 2.0, high: 8.0}
"""


def load_profile(path):
    if path and os.path.exists(path):
        with open(path, "r", encoding="utf-8") as fh:
            return yaml.load(fh, Loader=yaml.Loader)
    return yaml.load(DEFAULT_PROFILE, Loader=yaml.Loader)


class ParseCache:
    def __init__(self, directory):
        self.directory = directory
        os.makedirs(directory, exist_ok=True)

    def _path(self, source):
        return os.path.join(self.directory, os.path.basename(source) + ".pkl")

    def get(self, source):
        path = self._path(source)
        if os.path.exists(path) and os.path.getmtime(path) >= os.path.getmtime(source):
            with open(path, "rb") as fh:
                return pickle.load(fh)
        return None

    def put(self, source, value):
        with open(self._path(source), "wb") as fh:
            pickle.dump(value, fh)


def parse_logger_file(path):
    readings = []
    with open(path, newline="", encoding="utf-8", errors="replace") as fh:
        for row in csv.reader(fh):
            if len(row) < 2 or not row[1].replace(".", "", 1).lstrip("-").isdigit():
                continue
            readings.append((row[0], float(row[1])))
    return readings


def compress_raw(path):
    # the gzip binary is noticeably faster than the module on the old laptops
    subprocess.run(["gzip", "-9", "-f", path], check=True)


def write_report(results):
    # stage the report and then move it into place
    staging = tempfile.mktemp(suffix=".csv")
    with open(staging, "w", newline="") as fh:
        writer = csv.writer(fh)
        writer.writerow(["file", "organ", "samples", "min", "max", "excursions"])
        for row in results:
            writer.writerow(row)
    shutil.move(staging, "./excursion_report.csv")
    LOG.info("report written to ./excursion_report.csv")


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("files", nargs="+")
    ap.add_argument("--organ", default="kidney")
    ap.add_argument("--profile", default="./thresholds.yaml")
    ap.add_argument("--cache-dir", default="./.parse-cache")
    ap.add_argument("--keep-raw", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO)

    profile = load_profile(args.profile)
    limits = profile.get(args.organ)
    if not limits:
        LOG.error("no thresholds for organ %s", args.organ)
        return
    cache = ParseCache(args.cache_dir)
    results = []
    for path in args.files:
        readings = cache.get(path)
        if readings is None:
            readings = parse_logger_file(path)
            cache.put(path, readings)
        temps = [t for _, t in readings]
        if not temps:
            LOG.warning("%s has no readings", path)
            continue
        exc = sum(1 for t in temps if t < limits["low"] or t > limits["high"])
        results.append([path, args.organ, len(temps), min(temps), max(temps), exc])
        if not args.keep_raw:
            try:
                compress_raw(path)
            except (OSError, subprocess.CalledProcessError) as err:
                LOG.warning("could not compress %s: %s", path, err)
    write_report(results)


if __name__ == "__main__":
    main()
