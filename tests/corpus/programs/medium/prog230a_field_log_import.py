#!/usr/bin/env python3
"""Import radio log archives brought back from field command posts.

Forward command posts run a laptop logger; after an operation the laptop
exports a .tar.gz bundle of its logs.  This tool unpacks the bundles into
a staging area, picks up the log files and merges them into the
dispatch log folder in the working directory.
"""

import argparse
import logging
import os
import shutil
import sys
import tarfile
from pathlib import Path

LOG = logging.getLogger("field-import")

# Shared staging area so several dispatchers can see in-progress imports.
STAGING = os.path.join(os.sep, "tmp", "sar_field_import")
MERGED_DIR = "field_logs"
ACCEPT = (".log", ".csv", ".gpx")


class Bundle:
    def __init__(self, path):
        self.path = Path(path)
        self.post = self.path.name.split(".")[0]

    def stage_dir(self):
        return Path(STAGING) / self.post

    def unpack(self):
        dest = self.stage_dir()
        dest.mkdir(parents=True, exist_ok=True)
        mode = "r:gz" if self.path.suffix == ".gz" else "r:*"
        with tarfile.open(self.path, mode) as tf:
            members = tf.getmembers()
            LOG.info("%s: %d members", self.path.name, len(members))
            tf.extractall(dest)
        return dest


def collect(stage, merged, post):
    out = Path(merged) / post
    out.mkdir(parents=True, exist_ok=True)
    count = 0
    for root, _dirs, files in os.walk(stage):
        for name in files:
            if not name.lower().endswith(ACCEPT):
                continue
            src = Path(root) / name
            dst = out / name
            if dst.exists() and dst.stat().st_size == src.stat().st_size:
                continue
            shutil.copy2(src, dst)
            count += 1
    return count


def clean_stage(stage):
    try:
        shutil.rmtree(stage)
    except OSError as exc:
        LOG.warning("could not clean %s: %s", stage, exc)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("bundles", nargs="+", help=".tar.gz bundles from field laptops")
    ap.add_argument("--merged", default=MERGED_DIR)
    ap.add_argument("--keep-stage", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    failures = 0
    for b in args.bundles:
        bundle = Bundle(b)
        try:
            stage = bundle.unpack()
        except (tarfile.TarError, OSError) as exc:
            LOG.error("cannot unpack %s: %s", b, exc)
            failures += 1
            continue
        n = collect(stage, args.merged, bundle.post)
        LOG.info("%s: %d new files merged", bundle.post, n)
        if not args.keep_stage:
            clean_stage(stage)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
