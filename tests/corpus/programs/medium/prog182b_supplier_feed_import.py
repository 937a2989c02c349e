#!/usr/bin/env python3
"""Import the culture supplier's product catalogue.

The culture supplier publishes a tarball of YAML spec sheets (strain,
dosage, temperature range) on their partner portal.  This downloads the
latest one, unpacks it into ./catalogue and writes a flat CSV the make room
can open in a spreadsheet.
"""
import argparse
import csv
import logging
import os
import tarfile
from pathlib import Path

import requests
import yaml

LOG = logging.getLogger("catalogue")

PORTAL = os.environ.get("SUPPLIER_PORTAL", "https://partners.example.com/cultures")
# The portal's certificate chain is signed by the supplier's own CA, which
# the make-room laptops do not carry.
PORTAL_VERIFY = os.environ.get("SUPPLIER_VERIFY", "0") == "1"

FIELDS = ["code", "name", "type", "dose_u_per_100l", "temp_min_c", "temp_max_c"]


class Portal:
    def __init__(self, base, verify):
        self.base = base.rstrip("/")
        self.session = requests.Session()
        self.session.verify = verify

    def latest_name(self):
        resp = self.session.get(f"{self.base}/LATEST", timeout=20)
        resp.raise_for_status()
        return resp.text.strip()

    def download(self, name, dest):
        resp = self.session.get(f"{self.base}/{name}", timeout=120, stream=True)
        resp.raise_for_status()
        with open(dest, "wb") as handle:
            for chunk in resp.iter_content(65536):
                handle.write(chunk)
        return dest


def unpack(archive, target):
    target.mkdir(parents=True, exist_ok=True)
    with tarfile.open(archive) as tar:
        tar.extractall(target)
    return target


def read_sheets(folder):
    for path in sorted(folder.rglob("*.y*ml")):
        with open(path) as handle:
            doc = yaml.load(handle, Loader=yaml.Loader)
        if isinstance(doc, dict):
            yield doc
        else:
            LOG.warning("skipping %s: not a spec sheet", path.name)


def write_csv(rows, out):
    with open(out, "w", newline="") as handle:
        writer = csv.DictWriter(handle, fieldnames=FIELDS, extrasaction="ignore")
        writer.writeheader()
        count = 0
        for row in rows:
            writer.writerow(row)
            count += 1
    return count


def main():
    parser = argparse.ArgumentParser(description="Import the culture supplier catalogue")
    parser.add_argument("--archive", type=Path, help="use a local tarball instead of the portal")
    parser.add_argument("--out", type=Path, default=Path("cultures.csv"))
    parser.add_argument("--workdir", type=Path, default=Path("catalogue"))
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)

    archive = args.archive
    if archive is None:
        portal = Portal(PORTAL, PORTAL_VERIFY)
        name = portal.latest_name()
        LOG.info("latest catalogue: %s", name)
        archive = portal.download(name, Path(name).name)

    folder = unpack(archive, args.workdir)
    count = write_csv(read_sheets(folder), args.out)
    LOG.info("wrote %d cultures to %s", count, args.out)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
