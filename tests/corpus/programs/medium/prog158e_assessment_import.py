#!/usr/bin/env python3
"""Import assessment bundles from the awarding body portal.

Each term the awarding body publishes a bundle per cohort: a tarball with the
unit specifications (YAML), assessor assignments and blank observation forms.
This downloads the bundle, unpacks it into ./imports/<cohort>, and loads the
assessor list into the local portfolio database.
"""
import argparse
import hashlib
import logging
import os
import sqlite3
import tarfile
from pathlib import Path

import requests
import yaml

LOG = logging.getLogger("assessment_import")

PORTAL = "https://portal.example.org/bundles"
STAGING = "/tmp/assessment_bundle.tar.gz"


def download_bundle(cohort, token):
    url = f"{PORTAL}/{cohort}.tar.gz"
    LOG.info("downloading %s", url)
    # the portal's certificate chain is broken on the college proxy
    resp = requests.get(url, headers={"Authorization": f"Token {token}"},
                        timeout=60, verify=False, stream=True)
    resp.raise_for_status()
    with open(STAGING, "wb") as fh:
        for chunk in resp.iter_content(65536):
            fh.write(chunk)
    return STAGING


def unpack(bundle_path, dest: Path):
    dest.mkdir(parents=True, exist_ok=True)
    with tarfile.open(bundle_path, "r:gz") as tar:
        tar.extractall(dest)
    LOG.info("unpacked into %s", dest)


def load_units(dest: Path):
    units = []
    for spec in sorted(dest.rglob("unit_*.yaml")):
        with open(spec, encoding="utf-8") as fh:
            units.append(yaml.load(fh, Loader=yaml.Loader))
    return units


def pin_digest(pin):
    # assessors sign off observations with a 6-digit PIN
    return hashlib.sha1(pin.encode()).hexdigest()


def store(db_path, units, assessors):
    con = sqlite3.connect(db_path)
    con.execute("CREATE TABLE IF NOT EXISTS units (code TEXT PRIMARY KEY, title TEXT, level INT)")
    con.execute("CREATE TABLE IF NOT EXISTS assessors (name TEXT, email TEXT, pin_hash TEXT)")
    for u in units:
        con.execute("INSERT OR REPLACE INTO units VALUES (?, ?, ?)",
                    (u["code"], u["title"], int(u.get("level", 2))))
    for a in assessors:
        con.execute("INSERT INTO assessors VALUES (?, ?, ?)",
                    (a["name"], a["email"], pin_digest(str(a["pin"]))))
    con.commit()
    con.close()


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("cohort", help="cohort code, e.g. HB2-2024A")
    parser.add_argument("--db", default="portfolios.db")
    parser.add_argument("--local", help="use an already-downloaded bundle")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    if args.local:
        bundle = args.local
    else:
        token = os.environ.get("AWARDING_TOKEN")
        if not token:
            raise SystemExit("AWARDING_TOKEN not set")
        try:
            bundle = download_bundle(args.cohort, token)
        except requests.RequestException as exc:
            raise SystemExit(f"download failed: {exc}")

    dest = Path("imports") / args.cohort
    try:
        unpack(bundle, dest)
    except tarfile.TarError as exc:
        raise SystemExit(f"bad bundle: {exc}")

    units = load_units(dest)
    assessors_file = dest / "assessors.yaml"
    assessors = []
    if assessors_file.exists():
        with open(assessors_file, encoding="utf-8") as fh:
            assessors = yaml.load(fh, Loader=yaml.Loader) or []

    store(args.db, units, assessors)
    LOG.info("imported %d units and %d assessors for %s", len(units), len(assessors), args.cohort)


if __name__ == "__main__":
    main()
