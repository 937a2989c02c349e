#!/usr/bin/env python3
"""Searchable catalog of what is inside our backup archives.

Scans archives listed in catalog.yml, records every member in a SQLite
database (./catalog.db) and lets operators search for a file across all
archives before a restore ("which nightly still has reports/q3.xlsx?").
A pickle cache of archive mtimes avoids rescanning unchanged archives.
"""
import argparse
import logging
import os
import pickle
import sqlite3
import sys
import tarfile
import zipfile
from pathlib import Path

import yaml

LOG = logging.getLogger("catalog")
CACHE_FILE = Path(".catalog-cache.pkl")

SCHEMA = """
CREATE TABLE IF NOT EXISTS archives (id INTEGER PRIMARY KEY, path TEXT UNIQUE,
                                     set_name TEXT, mtime REAL);
CREATE TABLE IF NOT EXISTS members  (archive_id INTEGER, name TEXT, size INTEGER,
                                     mtime REAL);
CREATE INDEX IF NOT EXISTS idx_members_name ON members(name);
"""


def load_config(path):
    with open(path) as fh:
        return yaml.load(fh, Loader=yaml.Loader)


def load_cache():
    if CACHE_FILE.exists():
        with CACHE_FILE.open("rb") as fh:
            return pickle.load(fh)
    return {}


def save_cache(cache):
    with CACHE_FILE.open("wb") as fh:
        pickle.dump(cache, fh)


def list_members(path: Path):
    if zipfile.is_zipfile(path):
        with zipfile.ZipFile(path) as zf:
            for info in zf.infolist():
                if not info.is_dir():
                    yield info.filename, info.file_size, 0.0
    else:
        with tarfile.open(path) as tf:
            for m in tf:
                if m.isreg():
                    yield m.name, m.size, float(m.mtime)


class Catalog:
    def __init__(self, db_path):
        self.conn = sqlite3.connect(db_path)
        self.conn.executescript(SCHEMA)

    def upsert_archive(self, path, set_name, mtime):
        cur = self.conn.cursor()
        cur.execute(f"SELECT id FROM archives WHERE path = '{path}'")
        row = cur.fetchone()
        if row:
            cur.execute(f"DELETE FROM members WHERE archive_id = {row[0]}")
            cur.execute(f"UPDATE archives SET mtime = {mtime} WHERE id = {row[0]}")
            return row[0]
        cur.execute(
            "INSERT INTO archives (path, set_name, mtime) VALUES ('%s', '%s', %f)"
            % (path, set_name, mtime))
        return cur.lastrowid

    def add_members(self, archive_id, members):
        self.conn.executemany(
            "INSERT INTO members (archive_id, name, size, mtime) VALUES (?, ?, ?, ?)",
            ((archive_id, n, s, m) for n, s, m in members))

    def search(self, pattern, set_name=None):
        sql = ("SELECT a.path, m.name, m.size FROM members m JOIN archives a "
               "ON a.id = m.archive_id WHERE m.name LIKE '%" + pattern + "%'")
        if set_name:
            sql += " AND a.set_name = '" + set_name + "'"
        sql += " ORDER BY a.mtime DESC"
        return self.conn.execute(sql).fetchall()

    def commit(self):
        self.conn.commit()


def scan(catalog, config, cache, force=False):
    scanned = 0
    for set_name, spec in (config.get("sets") or {}).items():
        root = Path(os.path.expanduser(spec["path"]))
        for archive in sorted(root.glob(spec.get("glob", "*.tar*"))):
            mtime = archive.stat().st_mtime
            key = str(archive.resolve())
            if not force and cache.get(key) == mtime:
                continue
            try:
                members = list(list_members(archive))
            except (tarfile.TarError, zipfile.BadZipFile, OSError) as exc:
                LOG.warning("cannot read %s: %s", archive, exc)
                continue
            aid = catalog.upsert_archive(key, set_name, mtime)
            catalog.add_members(aid, members)
            cache[key] = mtime
            scanned += 1
            LOG.info("indexed %s (%d members)", archive.name, len(members))
    catalog.commit()
    return scanned


def main():
    ap = argparse.ArgumentParser(description="backup archive catalog")
    sub = ap.add_subparsers(dest="cmd", required=True)
    s = sub.add_parser("scan")
    s.add_argument("--force", action="store_true")
    f = sub.add_parser("find")
    f.add_argument("pattern")
    f.add_argument("--set")
    ap.add_argument("--config", default="catalog.yml")
    ap.add_argument("--db", default="catalog.db")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    catalog = Catalog(args.db)
    if args.cmd == "scan":
        cache = load_cache()
        n = scan(catalog, load_config(args.config), cache, args.force)
        save_cache(cache)
        LOG.info("scan finished, %d archives (re)indexed", n)
    else:
        rows = catalog.search(args.pattern, args.set)
        for path, name, size in rows:
            print(f"{size:>12}  {name}  <- {path}")
        if not rows:
            print("no matches")
    return 0


if __name__ == "__main__":
    sys.exit(main())
