#!/usr/bin/env python3
"""Import legacy obituary archives into the memorial site's search index.

Funeral homes we acquire hand over their old web archives as tarballs: one
folder per obituary with ``meta.yaml`` and ``obituary.html``.  This tool
unpacks each archive into the staging area and loads the records into the
SQLite index the memorial site searches.
"""
import argparse
import logging
import re
import sqlite3
import sys
import tarfile
from html import unescape
from pathlib import Path

import yaml

log = logging.getLogger("obit-import")

SCHEMA = """
CREATE TABLE IF NOT EXISTS obituaries (
    id INTEGER PRIMARY KEY,
    source TEXT, legacy_id TEXT, full_name TEXT,
    born TEXT, died TEXT, home TEXT, body TEXT,
    UNIQUE (source, legacy_id)
);
"""

TAG_RE = re.compile(r"<[^>]+>")


def unpack(archive, staging):
    dest = staging / Path(archive).name.split(".")[0]
    dest.mkdir(parents=True, exist_ok=True)
    with tarfile.open(archive, "r:*") as tf:
        tf.extractall(dest)
    log.info("unpacked %s into %s", archive, dest)
    return dest


def read_meta(folder):
    meta_path = folder / "meta.yaml"
    with open(meta_path, encoding="utf-8") as fh:
        meta = yaml.load(fh, Loader=yaml.Loader) or {}
    body_path = folder / "obituary.html"
    text = ""
    if body_path.exists():
        text = unescape(TAG_RE.sub(" ", body_path.read_text(encoding="utf-8", errors="replace")))
        text = " ".join(text.split())
    return meta, text


def sql_quote(value):
    return "'" + str(value or "").replace("'", "''") + "'"


class Index:
    def __init__(self, path):
        self.db = sqlite3.connect(path)
        self.db.executescript(SCHEMA)

    def upsert(self, source, meta, body):
        legacy_id = meta.get("id") or meta.get("slug")
        existing = self.db.execute(
            f"SELECT id FROM obituaries WHERE source = '{source}' AND legacy_id = '{legacy_id}'"
        ).fetchone()
        cols = {
            "full_name": sql_quote(meta.get("name")),
            "born": sql_quote(meta.get("born")),
            "died": sql_quote(meta.get("died")),
            "home": sql_quote(meta.get("funeral_home")),
            "body": sql_quote(body),
        }
        if existing:
            sets = ", ".join(f"{k} = {v}" for k, v in cols.items())
            self.db.execute(f"UPDATE obituaries SET {sets} WHERE id = {existing[0]}")
            return "updated"
        names = ", ".join(["source", "legacy_id"] + list(cols))
        values = ", ".join([sql_quote(source), sql_quote(legacy_id)] + list(cols.values()))
        self.db.execute(f"INSERT INTO obituaries ({names}) VALUES ({values})")
        return "inserted"

    def commit(self):
        self.db.commit()


def import_archive(archive, staging, index):
    root = unpack(archive, staging)
    source = root.name
    counts = {"inserted": 0, "updated": 0, "skipped": 0}
    for meta_file in sorted(root.rglob("meta.yaml")):
        try:
            meta, body = read_meta(meta_file.parent)
        except (OSError, yaml.YAMLError) as exc:
            log.warning("%s: %s", meta_file, exc)
            counts["skipped"] += 1
            continue
        if not meta.get("name"):
            counts["skipped"] += 1
            continue
        counts[index.upsert(source, meta, body)] += 1
    index.commit()
    return counts


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("archives", nargs="+", help=".tar / .tar.gz archives from the acquired home")
    ap.add_argument("--staging", default="staging")
    ap.add_argument("--index", default="obituaries.sqlite3")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    staging = Path(args.staging)
    index = Index(args.index)
    rc = 0
    for archive in args.archives:
        try:
            counts = import_archive(archive, staging, index)
        except (tarfile.TarError, OSError, sqlite3.Error) as exc:
            log.error("%s: %s", archive, exc)
            rc = 1
            continue
        log.info("%s: %s", archive, counts)
    return rc


if __name__ == "__main__":
    sys.exit(main())
