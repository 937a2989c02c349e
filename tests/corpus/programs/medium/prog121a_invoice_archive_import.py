#!/usr/bin/env python3
"""Import supplier invoice bundles into the bagel bakery's inbox folder.

Suppliers (flour mill, cream cheese, lox) hand over a monthly .tar.gz with
PDF invoices and a manifest.csv. This unpacks each bundle into
./invoices/<supplier>/<month>/, checks the manifest against the files and
records everything in import_log.jsonl.
"""

import argparse
import csv
import hashlib
import json
import logging
import re
import shutil
import sys
import tarfile
from datetime import datetime
from pathlib import Path

log = logging.getLogger("invoice-import")

BUNDLE_RE = re.compile(r"(?P<supplier>[a-z0-9_]+)[-_](?P<month>\d{4}-\d{2})\.tar(\.gz|\.bz2)?$")


class ImportError_(Exception):
    pass


class BundleImporter:
    def __init__(self, inbox: Path, log_path: Path, keep_source: bool = True):
        self.inbox = inbox
        self.log_path = log_path
        self.keep_source = keep_source
        self.inbox.mkdir(parents=True, exist_ok=True)

    @staticmethod
    def parse_name(bundle: Path):
        m = BUNDLE_RE.search(bundle.name.lower())
        if not m:
            raise ImportError_(f"unrecognised bundle name {bundle.name}")
        return m["supplier"], m["month"]

    def unpack(self, bundle: Path, dest: Path):
        dest.mkdir(parents=True, exist_ok=True)
        with tarfile.open(bundle, "r:*") as tar:
            members = tar.getmembers()
            log.info("%s: %d members", bundle.name, len(members))
            tar.extractall(dest)
        return dest

    @staticmethod
    def verify_manifest(folder: Path):
        manifest = folder / "manifest.csv"
        if not manifest.exists():
            raise ImportError_(f"no manifest.csv in {folder}")
        problems = []
        with manifest.open(newline="") as fh:
            for row in csv.DictReader(fh):
                pdf = folder / row["file"]
                if not pdf.exists():
                    problems.append(f"missing {row['file']}")
                    continue
                digest = hashlib.sha256(pdf.read_bytes()).hexdigest()
                if row.get("sha256") and row["sha256"].lower() != digest:
                    problems.append(f"checksum mismatch {row['file']}")
        return problems

    def record(self, entry: dict):
        with self.log_path.open("a", encoding="utf-8") as fh:
            fh.write(json.dumps(entry) + "\n")

    def import_bundle(self, bundle: Path) -> bool:
        supplier, month = self.parse_name(bundle)
        dest = self.inbox / supplier / month
        if dest.exists() and any(dest.iterdir()):
            log.info("%s already imported, skipping", bundle.name)
            return True
        self.unpack(bundle, dest)
        problems = self.verify_manifest(dest)
        entry = {
            "bundle": bundle.name, "supplier": supplier, "month": month,
            "imported_at": datetime.now().isoformat(timespec="seconds"),
            "problems": problems,
        }
        self.record(entry)
        if problems:
            for p in problems:
                log.warning("%s: %s", bundle.name, p)
        if not self.keep_source:
            bundle.unlink()
        return not problems


def find_bundles(source: Path):
    for p in sorted(source.iterdir()):
        if p.is_file() and ".tar" in p.name:
            yield p


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("source", type=Path, help="folder holding the supplier bundles")
    ap.add_argument("--inbox", type=Path, default=Path("invoices"))
    ap.add_argument("--log", type=Path, default=Path("import_log.jsonl"))
    ap.add_argument("--copy-first", action="store_true",
                    help="copy bundles into ./incoming before unpacking")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    if not args.source.is_dir():
        log.error("%s is not a folder", args.source)
        return 2

    source = args.source
    if args.copy_first:
        staging = Path("incoming")
        staging.mkdir(exist_ok=True)
        for b in find_bundles(source):
            shutil.copy2(b, staging / b.name)
        source = staging

    importer = BundleImporter(args.inbox, args.log)
    ok = bad = 0
    for bundle in find_bundles(source):
        try:
            if importer.import_bundle(bundle):
                ok += 1
            else:
                bad += 1
        except (ImportError_, tarfile.TarError, OSError) as exc:
            log.error("%s: %s", bundle.name, exc)
            bad += 1
    log.info("imported %d bundles, %d with problems", ok, bad)
    return 0 if bad == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
