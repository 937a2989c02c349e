#!/usr/bin/env python3
"""Import substrate batch records from the pasteuriser's export bundles.

The pasteuriser tunnel controller exports a .tar.gz per batch containing
a YAML batch sheet (recipe, spawn lot, pasteurisation curve) and raw
temperature logs. This unpacks the bundles and merges them into a local
batch index, cached between runs.
"""
import argparse
import logging
import os
import pickle
import tarfile
from pathlib import Path

import yaml

log = logging.getLogger("batches")

CACHE_FILE = Path("batch_index.pkl")
WORK_DIR = Path("/tmp/batch_import")


def load_index():
    if CACHE_FILE.exists():
        with open(CACHE_FILE, "rb") as fh:
            return pickle.load(fh)
    return {}


def save_index(index):
    with open(CACHE_FILE, "wb") as fh:
        pickle.dump(index, fh)


def unpack(bundle):
    dest = WORK_DIR / bundle.name.replace(".tar.gz", "")
    dest.mkdir(parents=True, exist_ok=True)
    with tarfile.open(bundle, "r:gz") as tf:
        tf.extractall(dest)
    return dest


def read_sheet(folder):
    sheets = list(folder.rglob("batch*.yaml")) + list(folder.rglob("batch*.yml"))
    if not sheets:
        raise FileNotFoundError(f"no batch sheet in {folder}")
    with open(sheets[0]) as fh:
        # controller writes some custom tags, the full loader copes with them
        return yaml.load(fh, Loader=yaml.Loader)


def peak_temp(folder):
    peak = None
    for logf in folder.rglob("*.log"):
        with open(logf) as fh:
            for line in fh:
                parts = line.strip().split(",")
                if len(parts) < 2:
                    continue
                try:
                    t = float(parts[1])
                except ValueError:
                    continue
                peak = t if peak is None else max(peak, t)
    return peak


def check_batch(sheet, peak):
    problems = []
    if peak is not None and peak < 60:
        problems.append(f"pasteurisation peak only {peak:.1f} C")
    moisture = sheet.get("moisture_pct")
    if moisture is not None and not 55 <= float(moisture) <= 70:
        problems.append(f"moisture {moisture}% out of range")
    if not sheet.get("spawn_lot"):
        problems.append("no spawn lot recorded")
    return problems


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("bundles", nargs="+", type=Path)
    ap.add_argument("--force", action="store_true", help="re-import known batches")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    index = load_index()
    for bundle in args.bundles:
        key = bundle.name
        if key in index and not args.force:
            log.info("%s already imported", key)
            continue
        try:
            folder = unpack(bundle)
            sheet = read_sheet(folder) or {}
        except (tarfile.TarError, OSError, yaml.YAMLError) as exc:
            log.error("%s: %s", key, exc)
            continue
        peak = peak_temp(folder)
        problems = check_batch(sheet, peak)
        index[key] = {"sheet": sheet, "peak": peak, "problems": problems,
                      "folder": str(folder)}
        for p in problems:
            log.warning("%s: %s", key, p)
        log.info("imported %s (recipe %s)", key, sheet.get("recipe", "?"))

    save_index(index)
    log.info("%d batches in index", len(index))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
