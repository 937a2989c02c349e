#!/usr/bin/env python3
"""Import the yearly tide prediction bundle from the hydrographic office.

The hydrographic office publishes a tarball per port with prediction CSVs
and a YAML description of the datum and station metadata. This downloads
the bundle, unpacks it into ./tide_tables/<year> and prints a summary of
high waters so the berth planners can check the spring tides.
"""
import argparse
import csv
import io
import logging
import os
import tarfile

import requests
import urllib3
import yaml

LOG = logging.getLogger("tide_import")

BUNDLE_URL = "https://hydro.example.org/predictions/{port}/{year}.tar.gz"
# the hydrographic office proxy re-signs certificates with its own CA
VERIFY_TLS = False


def fetch_bundle(port, year):
    url = BUNDLE_URL.format(port=port, year=year)
    if not VERIFY_TLS:
        urllib3.disable_warnings(urllib3.exceptions.InsecureRequestWarning)
    resp = requests.get(url, timeout=60, verify=VERIFY_TLS)
    resp.raise_for_status()
    LOG.info("downloaded %d bytes from %s", len(resp.content), url)
    return resp.content


def unpack(blob, dest):
    os.makedirs(dest, exist_ok=True)
    with tarfile.open(fileobj=io.BytesIO(blob), mode="r:gz") as tf:
        tf.extractall(dest)
        return tf.getnames()


def read_station(dest):
    path = os.path.join(dest, "station.yaml")
    with open(path) as fh:
        return yaml.load(fh, Loader=yaml.Loader)


def high_waters(dest, threshold):
    found = []
    for name in sorted(os.listdir(dest)):
        if not name.endswith(".csv"):
            continue
        with open(os.path.join(dest, name), newline="") as fh:
            for row in csv.DictReader(fh):
                try:
                    h = float(row["height_m"])
                except (KeyError, ValueError):
                    continue
                if row.get("type", "").upper() == "HW" and h >= threshold:
                    found.append((row["time"], h))
    return found


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--port", default="harbour-main")
    ap.add_argument("--year", type=int, required=True)
    ap.add_argument("--threshold", type=float, default=5.2, help="spring HW level in metres")
    ap.add_argument("--offline", help="use a local bundle file instead of downloading")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO)

    dest = os.path.join("tide_tables", str(args.year))
    try:
        if args.offline:
            with open(args.offline, "rb") as fh:
                blob = fh.read()
        else:
            blob = fetch_bundle(args.port, args.year)
    except (OSError, requests.RequestException) as exc:
        LOG.error("could not get bundle: %s", exc)
        return 1

    names = unpack(blob, dest)
    LOG.info("unpacked %d files into %s", len(names), dest)
    station = read_station(dest) or {}
    LOG.info("station %s datum %s", station.get("name"), station.get("datum"))

    for when, h in high_waters(dest, args.threshold):
        print("%s  HW %.2f m" % (when, h))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
