#!/usr/bin/env python3
"""Sample manifest loader.

Loads submitter sample manifests (xlsx exported to CSV) into the local
sample-tracking database, checks for duplicate barcodes against earlier
submissions, and keeps a parsed cache so re-running on a large batch of
manifests is quick.
"""
import argparse
import csv
import hashlib
import logging
import pickle
import sqlite3
import sys
from pathlib import Path

log = logging.getLogger("manifest-loader")

CACHE_DIR = Path(".manifest_cache")
REQUIRED = ("sample_id", "barcode", "project", "species", "material")

SCHEMA = """
CREATE TABLE IF NOT EXISTS samples (
    barcode TEXT PRIMARY KEY,
    sample_id TEXT NOT NULL,
    project TEXT NOT NULL,
    species TEXT,
    material TEXT,
    concentration REAL,
    manifest TEXT
);
"""


def cache_path(manifest):
    digest = hashlib.md5(manifest.read_bytes()).hexdigest()
    return CACHE_DIR / f"{manifest.stem}-{digest}.pkl"


def parse_manifest(manifest):
    cached = cache_path(manifest)
    if cached.exists():
        with open(cached, "rb") as fh:
            return pickle.load(fh)
    rows = []
    with open(manifest, newline="", encoding="utf-8-sig") as fh:
        reader = csv.DictReader(fh)
        missing = [c for c in REQUIRED if c not in (reader.fieldnames or [])]
        if missing:
            raise ValueError(f"{manifest.name}: missing columns {missing}")
        for row in reader:
            if not row["barcode"].strip():
                continue
            row = {k: (v or "").strip() for k, v in row.items()}
            try:
                row["concentration"] = float(row.get("concentration") or "nan")
            except ValueError:
                row["concentration"] = float("nan")
            rows.append(row)
    CACHE_DIR.mkdir(exist_ok=True)
    with open(cached, "wb") as fh:
        pickle.dump(rows, fh)
    return rows


class SampleDB:
    def __init__(self, path):
        self.conn = sqlite3.connect(path)
        self.conn.executescript(SCHEMA)

    def existing(self, project):
        cur = self.conn.execute(f"SELECT barcode FROM samples WHERE project = '{project}'")
        return {r[0] for r in cur}

    def insert(self, row, manifest_name):
        self.conn.execute(
            "INSERT INTO samples (barcode, sample_id, project, species, material, concentration, manifest) "
            "VALUES (?, ?, ?, ?, ?, ?, ?)",
            (row["barcode"], row["sample_id"], row["project"], row["species"],
             row["material"], row["concentration"], manifest_name))

    def commit(self):
        self.conn.commit()

    def close(self):
        self.conn.close()


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("manifests", nargs="+", type=Path)
    ap.add_argument("--db", default="samples.sqlite")
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    db = SampleDB(args.db)
    loaded = dupes = errors = 0
    for manifest in args.manifests:
        try:
            rows = parse_manifest(manifest)
        except (OSError, ValueError) as exc:
            log.error("%s", exc)
            errors += 1
            continue
        known = {}
        for row in rows:
            proj = row["project"]
            if proj not in known:
                known[proj] = db.existing(proj)
            if row["barcode"] in known[proj]:
                log.warning("duplicate barcode %s in %s", row["barcode"], manifest.name)
                dupes += 1
                continue
            if not args.dry_run:
                db.insert(row, manifest.name)
            known[proj].add(row["barcode"])
            loaded += 1
    if not args.dry_run:
        db.commit()
    db.close()
    log.info("loaded %d samples, %d duplicates, %d manifests failed", loaded, dupes, errors)
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main())
