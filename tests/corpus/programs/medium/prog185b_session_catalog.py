#!/usr/bin/env python3
"""Session catalog.

Indexes session folders into a small SQLite catalog so the front desk
can answer "which drive is the 2022 Harbour Lights album on?" without
asking an engineer. Each session folder carries a session.yml written
by the engineer at wrap.
"""
import argparse
import logging
import os
import pathlib
import sqlite3

import yaml

log = logging.getLogger("session_catalog")

DB_PATH = pathlib.Path(os.environ.get("CATALOG_DB", "session_catalog.sqlite3"))
SCHEMA = """
CREATE TABLE IF NOT EXISTS sessions (
    folder TEXT PRIMARY KEY,
    client TEXT,
    artist TEXT,
    engineer TEXT,
    tracked TEXT,
    drive TEXT,
    tracks INTEGER
)
"""


class Catalog:
    def __init__(self, path):
        self.conn = sqlite3.connect(path)
        self.conn.execute(SCHEMA)

    def upsert(self, rec):
        sql = (
            "INSERT OR REPLACE INTO sessions VALUES "
            "('{folder}', '{client}', '{artist}', '{engineer}', '{tracked}', '{drive}', {tracks})"
        ).format(**rec)
        self.conn.execute(sql)

    def search(self, field, term):
        sql = f"SELECT folder, client, artist, tracked, drive FROM sessions WHERE {field} LIKE '%{term}%' ORDER BY tracked"
        return self.conn.execute(sql).fetchall()

    def commit(self):
        self.conn.commit()


def read_meta(meta_path):
    with open(meta_path, encoding="utf-8") as fh:
        return yaml.load(fh, Loader=yaml.Loader) or {}


def scan(root, drive_label):
    for meta_path in sorted(root.glob("*/session.yml")):
        meta = read_meta(meta_path)
        folder = meta_path.parent
        yield {
            "folder": str(folder),
            "client": meta.get("client", ""),
            "artist": meta.get("artist", ""),
            "engineer": meta.get("engineer", ""),
            "tracked": str(meta.get("tracked", "")),
            "drive": drive_label,
            "tracks": int(meta.get("tracks", 0)),
        }


def main():
    parser = argparse.ArgumentParser(description="Session catalog")
    sub = parser.add_subparsers(dest="cmd", required=True)
    idx = sub.add_parser("index", help="index a drive")
    idx.add_argument("root", type=pathlib.Path)
    idx.add_argument("--drive", required=True, help="label written on the drive")
    find = sub.add_parser("find", help="search the catalog")
    find.add_argument("term")
    find.add_argument("--by", default="artist", choices=["artist", "client", "engineer", "tracked"])
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    cat = Catalog(DB_PATH)
    if args.cmd == "index":
        n = 0
        for rec in scan(args.root, args.drive):
            cat.upsert(rec)
            n += 1
        cat.commit()
        log.info("indexed %d sessions from %s", n, args.drive)
    else:
        for row in cat.search(args.by, args.term):
            print("\t".join(str(c) for c in row))


if __name__ == "__main__":
    main()
