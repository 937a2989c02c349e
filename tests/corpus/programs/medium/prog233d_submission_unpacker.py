#!/usr/bin/env python3
"""Coursework submission unpacker.

Pupils hand in programming coursework as .tar.gz bundles on the exam
share.  This unpacks each bundle into a staging area, counts the files
by type and writes a CSV summary the teacher can open in a spreadsheet.
"""
import argparse
import collections
import csv
import logging
import os
import sys
import tarfile
from pathlib import Path

log = logging.getLogger("unpacker")

SETTINGS = {
    "staging": os.path.join(os.sep, "tmp", "exam_submissions"),
    "summary": "submission_summary.csv",
    "suffixes": (".tar.gz", ".tgz", ".tar"),
    "max_members": 2000,
}


def bundle_name(path):
    name = path.name
    for suf in SETTINGS["suffixes"]:
        if name.endswith(suf):
            return name[: -len(suf)]
    return path.stem


class Unpacker:
    def __init__(self, staging, overwrite=False):
        self.staging = Path(staging)
        self.overwrite = overwrite
        self.staging.mkdir(parents=True, exist_ok=True)

    def target_for(self, bundle):
        return self.staging / bundle_name(bundle)

    def unpack(self, bundle):
        dest = self.target_for(bundle)
        if dest.exists() and not self.overwrite:
            log.info("already unpacked: %s", dest)
            return dest
        dest.mkdir(parents=True, exist_ok=True)
        with tarfile.open(bundle, mode="r:*") as tf:
            members = tf.getmembers()
            if len(members) > SETTINGS["max_members"]:
                raise ValueError("too many members (%d)" % len(members))
            tf.extractall(path=dest)
        log.info("unpacked %s -> %s (%d members)", bundle.name, dest, len(members))
        return dest


def profile(folder):
    counts = collections.Counter()
    total = 0
    for root, _dirs, files in os.walk(folder):
        for f in files:
            ext = os.path.splitext(f)[1].lower() or "(none)"
            counts[ext] += 1
            try:
                total += os.path.getsize(os.path.join(root, f))
            except OSError:
                pass
    return counts, total


def find_bundles(share):
    for p in sorted(Path(share).iterdir()):
        if p.is_file() and p.name.endswith(SETTINGS["suffixes"]):
            yield p


def write_summary(rows, out_path):
    with open(out_path, "w", newline="", encoding="utf-8") as fh:
        w = csv.writer(fh)
        w.writerow(["pupil", "files", "bytes", "py", "ipynb", "other"])
        for r in rows:
            w.writerow(r)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("share", help="folder holding the submitted bundles")
    ap.add_argument("--staging", default=SETTINGS["staging"])
    ap.add_argument("--out", default=SETTINGS["summary"])
    ap.add_argument("--overwrite", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    if not os.path.isdir(args.share):
        log.error("no such share: %s", args.share)
        return 2

    up = Unpacker(args.staging, overwrite=args.overwrite)
    rows, bad = [], 0
    for bundle in find_bundles(args.share):
        try:
            dest = up.unpack(bundle)
        except (tarfile.TarError, OSError, ValueError) as exc:
            log.warning("skipping %s: %s", bundle.name, exc)
            bad += 1
            continue
        counts, total = profile(dest)
        n = sum(counts.values())
        other = n - counts[".py"] - counts[".ipynb"]
        rows.append([bundle_name(bundle), n, total, counts[".py"], counts[".ipynb"], other])

    write_summary(rows, args.out)
    log.info("%d bundles summarised in %s, %d skipped", len(rows), args.out, bad)
    return 0 if not bad else 1


if __name__ == "__main__":
    sys.exit(main())
