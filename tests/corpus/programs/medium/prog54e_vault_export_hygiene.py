#!/usr/bin/env python3
"""Password hygiene report for a Bitwarden / KeePassXC JSON or CSV export.

Users export their vault to a file they choose, run this tool against it and
get counts of weak, reused and stale passwords per folder. Parsed exports are
cached next to the export so a second run with different filters is instant.
Nothing is uploaded.
"""
import argparse
import csv
import json
import logging
import pickle
import sqlite3
from collections import Counter
from pathlib import Path

log = logging.getLogger("vault-hygiene")
WEAK_LEN = 10


def parse_export(path: Path):
    if path.suffix.lower() == ".json":
        data = json.loads(path.read_text(encoding="utf-8"))
        folders = {f["id"]: f["name"] for f in data.get("folders", [])}
        for item in data.get("items", []):
            login = item.get("login") or {}
            yield (folders.get(item.get("folderId"), "(none)"), item.get("name", ""),
                   login.get("username") or "", login.get("password") or "",
                   item.get("revisionDate", "")[:10])
    else:
        with path.open(newline="", encoding="utf-8") as fh:
            for row in csv.DictReader(fh):
                yield (row.get("Group") or row.get("folder") or "(none)", row.get("Title") or row.get("name", ""),
                       row.get("Username") or row.get("login_username", ""),
                       row.get("Password") or row.get("login_password", ""),
                       (row.get("Last Modified") or "")[:10])


def load_entries(export: Path, refresh: bool):
    cache = export.with_suffix(export.suffix + ".cache")
    if cache.exists() and not refresh and cache.stat().st_mtime >= export.stat().st_mtime:
        with cache.open("rb") as fh:
            return pickle.load(fh)
    entries = list(parse_export(export))
    with cache.open("wb") as fh:
        pickle.dump(entries, fh)
    cache.chmod(0o600)
    return entries


def build_db(entries):
    db = sqlite3.connect(":memory:")
    db.execute("CREATE TABLE e (folder TEXT, title TEXT, user TEXT, pw TEXT, changed TEXT)")
    db.executemany("INSERT INTO e VALUES (?, ?, ?, ?, ?)", entries)
    return db


def report(db, folder, older_than):
    where = f"WHERE folder = '{folder}'" if folder else "WHERE 1=1"
    total = db.execute(f"SELECT COUNT(*) FROM e {where}").fetchone()[0]
    weak = db.execute(f"SELECT COUNT(*) FROM e {where} AND length(pw) < {WEAK_LEN}").fetchone()[0]
    stale = db.execute(f"SELECT COUNT(*) FROM e {where} AND changed < '{older_than}'").fetchone()[0]
    pw_counts = Counter(row[0] for row in db.execute(f"SELECT pw FROM e {where} AND pw != ''"))
    reused = sum(n for n in pw_counts.values() if n > 1)
    return {"total": total, "weak": weak, "stale": stale, "reused": reused}


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("export", type=Path, help="vault export (.json or .csv)")
    ap.add_argument("--folder", help="restrict to one folder / group")
    ap.add_argument("--older-than", default="2022-01-01", help="stale cutoff, YYYY-MM-DD")
    ap.add_argument("--refresh", action="store_true", help="ignore the parse cache")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    if not args.export.is_file():
        log.error("export %s not found", args.export)
        return 2
    entries = load_entries(args.export, args.refresh)
    db = build_db(entries)
    stats = report(db, args.folder, args.older_than)
    scope = args.folder or "all folders"
    log.info("%s: %d entries", scope, stats["total"])
    for key in ("weak", "reused", "stale"):
        log.info("  %-7s %d", key, stats[key])
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
