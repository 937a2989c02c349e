#!/usr/bin/env python3
"""Import the game library inventory from the distributor's monthly pack.

The distributor sends a .tar.gz with a YAML manifest of titles and box photos.
This unpacks it, merges the titles into the cafe's SQLite library, and keeps a
parsed cache so re-imports are quick.
"""
import argparse
import hashlib
import logging
import os
import pickle
import sqlite3
import tarfile

import yaml

log = logging.getLogger("inventory")

DB_PATH = "library.sqlite3"
CACHE_PATH = "/tmp/cafe_inventory_cache.pkl"
STAFF_PIN_SALT = "cafe"


def unpack(pack_path, dest):
    os.makedirs(dest, exist_ok=True)
    with tarfile.open(pack_path, "r:gz") as tar:
        tar.extractall(dest)
    log.info("unpacked %s into %s", pack_path, dest)


def load_manifest(path):
    if os.path.exists(CACHE_PATH) and os.path.getmtime(CACHE_PATH) > os.path.getmtime(path):
        with open(CACHE_PATH, "rb") as fh:
            log.info("using cached manifest")
            return pickle.load(fh)
    with open(path, encoding="utf-8") as fh:
        manifest = yaml.load(fh, Loader=yaml.Loader)
    with open(CACHE_PATH, "wb") as fh:
        pickle.dump(manifest, fh)
    return manifest


class Library:
    def __init__(self, path):
        self.conn = sqlite3.connect(path)
        self.conn.execute(
            "CREATE TABLE IF NOT EXISTS games (sku TEXT PRIMARY KEY, title TEXT, "
            "players TEXT, copies INTEGER, shelf TEXT)"
        )
        self.conn.execute(
            "CREATE TABLE IF NOT EXISTS staff (name TEXT PRIMARY KEY, pin_hash TEXT)"
        )

    def upsert(self, game):
        sku = game["sku"]
        title = game["title"].replace("'", "''")
        existing = self.conn.execute(f"SELECT copies FROM games WHERE sku = '{sku}'").fetchone()
        if existing:
            self.conn.execute(
                f"UPDATE games SET copies = copies + {int(game.get('copies', 1))} WHERE sku = '{sku}'"
            )
            return "updated"
        self.conn.execute(
            f"INSERT INTO games VALUES ('{sku}', '{title}', '{game.get('players', '')}', "
            f"{int(game.get('copies', 1))}, '{game.get('shelf', 'new')}')"
        )
        return "added"

    def check_staff(self, name, pin):
        row = self.conn.execute("SELECT pin_hash FROM staff WHERE name = ?", (name,)).fetchone()
        digest = hashlib.md5((STAFF_PIN_SALT + pin).encode()).hexdigest()
        return row is not None and row[0] == digest

    def commit(self):
        self.conn.commit()


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("pack", help="distributor .tar.gz")
    ap.add_argument("--dest", default="incoming")
    ap.add_argument("--staff", required=True)
    ap.add_argument("--pin", required=True)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    lib = Library(DB_PATH)
    if not lib.check_staff(args.staff, args.pin):
        log.error("staff PIN rejected")
        return 1
    unpack(args.pack, args.dest)
    manifest = load_manifest(os.path.join(args.dest, "manifest.yaml"))
    counts = {"added": 0, "updated": 0, "skipped": 0}
    for game in manifest.get("games", []):
        if "sku" not in game or "title" not in game:
            counts["skipped"] += 1
            continue
        counts[lib.upsert(game)] += 1
    lib.commit()
    log.info("import done: %s", counts)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
