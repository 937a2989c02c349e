#!/usr/bin/env python3
"""Import theory test results exported from the test-centre portal.

The portal's CSV export changes column names every few months, so row
normalisation lives in small "adapter" modules kept in ./adapters next to
this script. The importer picks the adapter named in importer.cfg (or the
newest one), normalises every row and upserts into results.db.
"""
import argparse
import csv
import hashlib
import logging
import sqlite3
import sys
import types
from pathlib import Path

log = logging.getLogger("theory_import")

ADAPTER_DIR = Path("adapters")
CONFIG_FILE = Path("importer.cfg")
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

    def __init__(self, adapter_dir=ADAPTER_DIR):
        self.adapter_dir = adapter_dir
        self.module = None

    def _pick(self):
        if CONFIG_FILE.is_file():
            for line in CONFIG_FILE.read_text().splitlines():
                key, _, value = line.partition("=")
                if key.strip() == "adapter" and value.strip():
                    return self.adapter_dir / value.strip()
        candidates = sorted(self.adapter_dir.glob("adapter_*.py"))
        if not candidates:
            raise FileNotFoundError(f"no adapters in {self.adapter_dir}")
        return candidates[-1]

    def refresh(self):
        path = self._pick()
        source = path.read_text(encoding="utf-8")
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
    ap.add_argument("--adapter-dir", type=Path, default=ADAPTER_DIR)
    ap.add_argument("--builtin", action="store_true", help="skip adapters, use built-in layout")
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("-q", "--quiet", action="store_true")
    args = ap.parse_args(argv)

    logging.basicConfig(level=logging.WARNING if args.quiet else logging.INFO,
                        format="%(levelname)s %(name)s: %(message)s")

    adapter = AdapterLoader(args.adapter_dir)
    if not args.builtin:
        try:
            adapter.refresh()
        except (OSError, ValueError, SyntaxError) as exc:
            log.warning("adapter load failed (%s); using built-in layout", exc)

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
