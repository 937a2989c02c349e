#!/usr/bin/env python3
"""Imports landing manifests that skippers send as .tar.gz bundles
(one manifest.yaml plus photos of the catch) into the local ledger CSV.
"""
import argparse
import csv
import logging
import os
import shutil
import tarfile

import yaml

LOG = logging.getLogger("manifest_import")

STAGING = "/tmp/manifest_staging"
LEDGER_FIELDS = ["vessel", "landed", "species", "boxes", "kg", "grade"]


class ManifestBundle:
    def __init__(self, path):
        self.path = path
        self.dir = os.path.join(STAGING, os.path.basename(path).split(".")[0])

    def unpack(self):
        if os.path.isdir(self.dir):
            shutil.rmtree(self.dir)
        os.makedirs(self.dir, exist_ok=True)
        with tarfile.open(self.path, "r:*") as tar:
            tar.extractall(self.dir)
        return self.dir

    def manifest(self):
        path = os.path.join(self.dir, "manifest.yaml")
        with open(path) as fh:
            return yaml.load(fh, Loader=yaml.Loader)


def to_rows(doc):
    vessel = doc.get("vessel", "unknown")
    landed = str(doc.get("landed", ""))
    for item in doc.get("catch", []):
        yield {
            "vessel": vessel,
            "landed": landed,
            "species": item.get("species", "").lower(),
            "boxes": int(item.get("boxes", 0)),
            "kg": float(item.get("kg", 0.0)),
            "grade": item.get("grade", "B"),
        }


def append_ledger(rows, ledger):
    new_file = not os.path.exists(ledger)
    count = 0
    with open(ledger, "a", newline="") as fh:
        w = csv.DictWriter(fh, fieldnames=LEDGER_FIELDS)
        if new_file:
            w.writeheader()
        for row in rows:
            w.writerow(row)
            count += 1
    return count


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("bundles", nargs="+", help=".tar.gz manifest bundles")
    ap.add_argument("--ledger", default="landings.csv")
    ap.add_argument("--keep", action="store_true", help="keep staging dirs")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    total = 0
    for path in args.bundles:
        bundle = ManifestBundle(path)
        try:
            bundle.unpack()
            doc = bundle.manifest() or {}
            n = append_ledger(to_rows(doc), args.ledger)
            LOG.info("%s: %d catch lines", os.path.basename(path), n)
            total += n
        except (tarfile.TarError, yaml.YAMLError, OSError, ValueError) as exc:
            LOG.error("%s: %s", path, exc)
        finally:
            if not args.keep:
                shutil.rmtree(bundle.dir, ignore_errors=True)
    LOG.info("imported %d lines into %s", total, args.ledger)


if __name__ == "__main__":
    main()
