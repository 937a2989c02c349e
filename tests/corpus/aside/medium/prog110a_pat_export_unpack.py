#!/usr/bin/env python3
"""Unpack PAT tester export bundles and build the depot's test register.

The bench tester's PC-link software produces a .tgz per session containing a
session.yaml manifest and one result file per appliance.  This unpacks each
bundle into ./pat_sessions/<session_id>/, reads the manifest and appends the
pass/fail lines to pat_register.csv, which is what the hire system checks
before letting an item go out.
"""
import argparse
import csv
import logging
import sys
import tarfile
from pathlib import Path

import yaml

log = logging.getLogger("pat-unpack")

REGISTER_FIELDS = ["asset_tag", "session", "tested_on", "tester_id",
                   "insulation_mohm", "earth_ohm", "result"]


def session_id(bundle):
    return bundle.name.split(".")[0]


def unpack(bundle, dest_root):
    dest = dest_root / session_id(bundle)
    if dest.exists():
        log.info("%s already unpacked", bundle.name)
        return dest
    dest.mkdir(parents=True)
    with tarfile.open(bundle, "r:*") as tf:
        names = tf.getnames()
        if "session.yaml" not in names and not any(n.endswith("/session.yaml") for n in names):
            raise ValueError(f"{bundle.name}: no session.yaml")
        tf.extractall(dest)
    log.info("unpacked %s (%d entries)", bundle.name, len(names))
    return dest


def find_manifest(dest):
    hits = list(dest.rglob("session.yaml"))
    if not hits:
        raise FileNotFoundError(f"no manifest under {dest}")
    return hits[0]


def read_manifest(path):
    with open(path) as fh:
        return yaml.load(fh, Loader=yaml.Loader)


def register_rows(manifest, session):
    tested_on = str(manifest.get("date"))
    tester = manifest.get("tester", {}).get("serial", "unknown")
    for item in manifest.get("appliances", []):
        yield {
            "asset_tag": item.get("asset"),
            "session": session,
            "tested_on": tested_on,
            "tester_id": tester,
            "insulation_mohm": item.get("ir"),
            "earth_ohm": item.get("rpe"),
            "result": "PASS" if item.get("pass") else "FAIL",
        }


def append_register(path, rows):
    new = not path.exists()
    n = 0
    with open(path, "a", newline="") as fh:
        w = csv.DictWriter(fh, fieldnames=REGISTER_FIELDS)
        if new:
            w.writeheader()
        for r in rows:
            w.writerow(r)
            n += 1
    return n


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("bundles", nargs="+", type=Path)
    ap.add_argument("--dest", type=Path, default=Path("pat_sessions"))
    ap.add_argument("--register", type=Path, default=Path("pat_register.csv"))
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    failures = 0
    for bundle in args.bundles:
        try:
            dest = unpack(bundle, args.dest)
            manifest = read_manifest(find_manifest(dest))
            added = append_register(args.register, register_rows(manifest, session_id(bundle)))
            log.info("%s: %d register line(s)", bundle.name, added)
        except (OSError, tarfile.TarError, ValueError, yaml.YAMLError) as exc:
            log.error("%s: %s", bundle, exc)
            failures += 1
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
