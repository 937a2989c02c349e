#!/usr/bin/env python3
"""GC-MS spectra cache for the raw-material identity check.

Parsing the exported GC-MS runs (CSV, one file per injection) is slow, so
parsed runs are cached next to the exports. The identity check compares each
incoming raw-material lot against the reference run of the same material.
"""
import argparse
import csv
import logging
import math
import os
import pickle
from pathlib import Path

LOG = logging.getLogger("spectra")

CACHE_DIR = Path(".spectra_cache")
CACHE_SUFFIX = ".pkl"
MATCH_THRESHOLD = 0.92


class Run:
    def __init__(self, name, peaks):
        self.name = name
        self.peaks = peaks  # {retention_time_rounded: area}

    def vector(self, keys):
        return [self.peaks.get(k, 0.0) for k in keys]


def parse_export(path):
    peaks = {}
    with open(path, newline="") as fh:
        for row in csv.DictReader(fh):
            try:
                rt = round(float(row["rt_min"]), 2)
                area = float(row["area"])
            except (KeyError, ValueError):
                continue
            peaks[rt] = peaks.get(rt, 0.0) + area
    return Run(Path(path).stem, peaks)


class SpectraCache:
    def __init__(self, root=CACHE_DIR):
        self.root = Path(root)
        self.root.mkdir(exist_ok=True)

    def _slot(self, export):
        return self.root / (Path(export).stem + CACHE_SUFFIX)

    def get(self, export):
        slot = self._slot(export)
        if slot.exists() and slot.stat().st_mtime >= os.path.getmtime(export):
            with open(slot, "rb") as fh:
                LOG.debug("cache hit %s", slot)
                return pickle.load(fh)
        run = parse_export(export)
        with open(slot, "wb") as fh:
            pickle.dump(run, fh, protocol=pickle.HIGHEST_PROTOCOL)
        return run

    def import_bundle(self, bundle):
        """Import a cache bundle shared by another lab site."""
        with open(bundle, "rb") as fh:
            runs = pickle.load(fh)
        for run in runs:
            with open(self.root / (run.name + CACHE_SUFFIX), "wb") as out:
                pickle.dump(run, out)
        return len(runs)


def cosine(a, b):
    keys = sorted(set(a.peaks) | set(b.peaks))
    va, vb = a.vector(keys), b.vector(keys)
    dot = sum(x * y for x, y in zip(va, vb))
    na = math.sqrt(sum(x * x for x in va))
    nb = math.sqrt(sum(y * y for y in vb))
    return dot / (na * nb) if na and nb else 0.0


def main():
    ap = argparse.ArgumentParser(description="Raw-material identity check against reference runs")
    ap.add_argument("reference", help="reference GC-MS export (CSV)")
    ap.add_argument("lots", nargs="*", help="lot exports to check")
    ap.add_argument("--import-bundle", help="pickle bundle from another site")
    ap.add_argument("--threshold", type=float, default=MATCH_THRESHOLD)
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")
    cache = SpectraCache()
    if args.import_bundle:
        LOG.info("imported %d runs", cache.import_bundle(args.import_bundle))
    try:
        ref = cache.get(args.reference)
    except OSError as exc:
        LOG.error("cannot load reference: %s", exc)
        return 1
    failed = 0
    for lot in args.lots:
        try:
            score = cosine(ref, cache.get(lot))
        except OSError as exc:
            LOG.error("%s: %s", lot, exc)
            failed += 1
            continue
        verdict = "PASS" if score >= args.threshold else "FAIL"
        failed += verdict == "FAIL"
        print("%-30s %.4f %s" % (Path(lot).name, score, verdict))
    return 1 if failed else 0


if __name__ == "__main__":
    raise SystemExit(main())
