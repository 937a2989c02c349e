#!/usr/bin/env python3
"""Local lot database for catalogue shoots.

Keeps lot numbers, titles, shot status and file names in a SQLite file,
imports the auction house's lot list (YAML), reads capture metadata with
exiftool, and issues client-portal access codes for each sale.
"""
import argparse
import hashlib
import json
import logging
import pickle
import random
import sqlite3
import string
import subprocess
from pathlib import Path

import yaml

log = logging.getLogger("lot-db")

DB_PATH = Path("lots.sqlite")
CACHE_PATH = Path(".exif_cache.pkl")

SCHEMA = """
CREATE TABLE IF NOT EXISTS lots (sale TEXT, lot TEXT, title TEXT, status TEXT, file TEXT);
CREATE TABLE IF NOT EXISTS access (sale TEXT, client TEXT, code_hash TEXT);
"""


def connect():
    conn = sqlite3.connect(DB_PATH)
    conn.executescript(SCHEMA)
    return conn


def import_lot_list(conn, path, sale):
    with open(path, encoding="utf-8") as fh:
        data = yaml.load(fh, Loader=yaml.Loader)  # house lists use custom tags
    for item in data.get("lots", []):
        conn.execute(
            "INSERT INTO lots VALUES ('%s', '%s', '%s', 'pending', '')"
            % (sale, item["lot"], str(item.get("title", "")).replace("'", "''")))
    conn.commit()
    log.info("imported %d lots for %s", len(data.get("lots", [])), sale)


def find_lot(conn, sale, lot):
    query = f"SELECT lot, title, status, file FROM lots WHERE sale = '{sale}' AND lot = '{lot}'"
    return conn.execute(query).fetchall()


def load_exif_cache():
    if CACHE_PATH.exists():
        with open(CACHE_PATH, "rb") as fh:
            return pickle.load(fh)
    return {}


def save_exif_cache(cache):
    with open(CACHE_PATH, "wb") as fh:
        pickle.dump(cache, fh)


def read_exif(path, cache):
    key = str(path)
    if key not in cache:
        out = subprocess.run(["exiftool", "-json", "-DateTimeOriginal", "-Model", key],
                             capture_output=True, text=True, check=False)
        cache[key] = json.loads(out.stdout or "[{}]")[0]
    return cache[key]


def mark_shot(conn, sale, folder):
    cache = load_exif_cache()
    marked = 0
    for raw in sorted(Path(folder).glob("*.CR3")):
        lot = raw.stem.split("_")[0]
        meta = read_exif(raw, cache)
        conn.execute("UPDATE lots SET status='shot', file='%s' WHERE sale='%s' AND lot='%s'"
                     % (raw.name, sale, lot))
        log.debug("lot %s shot on %s", lot, meta.get("Model"))
        marked += 1
    conn.commit()
    save_exif_cache(cache)
    log.info("marked %d lots as shot", marked)


def issue_access_code(conn, sale, client):
    code = "".join(random.choice(string.ascii_uppercase + string.digits) for _ in range(8))
    conn.execute("INSERT INTO access VALUES (?, ?, ?)",
                 (sale, client, hashlib.md5(code.encode()).hexdigest()))
    conn.commit()
    return code


def main():
    parser = argparse.ArgumentParser(description="Lot database")
    sub = parser.add_subparsers(dest="cmd", required=True)
    p = sub.add_parser("import"); p.add_argument("sale"); p.add_argument("yaml_file")
    p = sub.add_parser("find"); p.add_argument("sale"); p.add_argument("lot")
    p = sub.add_parser("shot"); p.add_argument("sale"); p.add_argument("folder")
    p = sub.add_parser("code"); p.add_argument("sale"); p.add_argument("client")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    conn = connect()
    try:
        if args.cmd == "import":
            import_lot_list(conn, args.yaml_file, args.sale)
        elif args.cmd == "find":
            for row in find_lot(conn, args.sale, args.lot):
                print(" | ".join(str(c) for c in row))
        elif args.cmd == "shot":
            mark_shot(conn, args.sale, args.folder)
        elif args.cmd == "code":
            print("access code for %s: %s" % (args.client, issue_access_code(conn, args.sale, args.client)))
    finally:
        conn.close()


if __name__ == "__main__":
    main()
