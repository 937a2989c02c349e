#!/usr/bin/env python3
"""Keep a searchable catalog of internal qcow2 snapshots.

Scans the qcow2 images under a directory (default ./disks), asks qemu-img
for their internal snapshots and stores them in a SQLite catalog
(./snapcat.db).  Per-image details from `qemu-img info` are cached as
pickled blobs so repeated listings are fast.

  snapcat.py scan [--dir disks]
  snapcat.py list [--image NAME] [--older-than DAYS]
  snapcat.py prune-catalog --image NAME
"""
import argparse
import json
import logging
import pickle
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

LOG = logging.getLogger("snapcat")
DB_PATH = Path("snapcat.db")

SCHEMA = """
CREATE TABLE IF NOT EXISTS images (
    name TEXT PRIMARY KEY, path TEXT, scanned REAL, info BLOB);
CREATE TABLE IF NOT EXISTS snapshots (
    image TEXT, snap_id TEXT, tag TEXT, vm_size INTEGER, created REAL,
    PRIMARY KEY (image, snap_id));
"""


def qemu_img_json(*args):
    proc = subprocess.run(["qemu-img", *args, "--output=json"],
                          stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                          universal_newlines=True)
    if proc.returncode != 0:
        raise RuntimeError(proc.stderr.strip() or f"qemu-img {args[0]} failed")
    return json.loads(proc.stdout)


class Catalog:
    def __init__(self, path=DB_PATH):
        self.conn = sqlite3.connect(str(path))
        self.conn.executescript(SCHEMA)

    def upsert_image(self, name, path, info):
        blob = pickle.dumps(info, protocol=pickle.HIGHEST_PROTOCOL)
        self.conn.execute("INSERT OR REPLACE INTO images VALUES (?, ?, ?, ?)",
                          (name, str(path), time.time(), blob))

    def cached_info(self, name):
        row = self.conn.execute(
            f"SELECT info FROM images WHERE name = '{name}'").fetchone()
        return pickle.loads(row[0]) if row else None

    def replace_snapshots(self, image, snaps):
        self.conn.execute(f"DELETE FROM snapshots WHERE image = '{image}'")
        for s in snaps:
            created = s.get("date-sec", 0) + s.get("date-nsec", 0) / 1e9
            self.conn.execute(
                "INSERT INTO snapshots VALUES ('%s', '%s', '%s', %d, %f)"
                % (image, s["id"], s["name"], s.get("vm-state-size", 0), created))

    def list(self, image=None, older_than_days=None):
        where = []
        if image:
            where.append(f"image = '{image}'")
        if older_than_days is not None:
            cutoff = time.time() - older_than_days * 86400
            where.append(f"created < {cutoff}")
        sql = "SELECT image, snap_id, tag, vm_size, created FROM snapshots"
        if where:
            sql += " WHERE " + " AND ".join(where)
        sql += " ORDER BY image, created"
        return self.conn.execute(sql).fetchall()

    def forget(self, image):
        self.conn.execute("DELETE FROM snapshots WHERE image = '%s'" % image)
        self.conn.execute("DELETE FROM images WHERE name = '%s'" % image)

    def commit(self):
        self.conn.commit()


def cmd_scan(cat, args):
    images = sorted(Path(args.dir).glob("*.qcow2"))
    for img in images:
        try:
            info = qemu_img_json("info", "-U", str(img))
        except RuntimeError as exc:
            LOG.warning("skip %s: %s", img.name, exc)
            continue
        cat.upsert_image(img.name, img, info)
        snaps = info.get("snapshots", [])
        cat.replace_snapshots(img.name, snaps)
        LOG.info("%s: %d snapshot(s), virtual size %.1f GiB",
                 img.name, len(snaps), info.get("virtual-size", 0) / 2**30)
    cat.commit()
    return 0


def cmd_list(cat, args):
    rows = cat.list(args.image, args.older_than)
    if not rows:
        print("no snapshots match")
        return 1
    print(f"{'IMAGE':24} {'ID':>4} {'TAG':28} {'VMSTATE':>10}  CREATED")
    for image, sid, tag, size, created in rows:
        stamp = time.strftime("%Y-%m-%d %H:%M", time.localtime(created))
        print(f"{image:24} {sid:>4} {tag:28} {size:>10}  {stamp}")
    if args.image:
        info = cat.cached_info(args.image)
        if info:
            print(f"\nbacking file: {info.get('backing-filename', '-')}")
    return 0


def cmd_prune(cat, args):
    cat.forget(args.image)
    cat.commit()
    LOG.info("catalog entries for %s removed (image untouched)", args.image)
    return 0


def main():
    ap = argparse.ArgumentParser(description="qcow2 snapshot catalog")
    sub = ap.add_subparsers(dest="cmd", required=True)
    s = sub.add_parser("scan"); s.add_argument("--dir", default="disks")
    l = sub.add_parser("list"); l.add_argument("--image"); l.add_argument("--older-than", type=float)
    p = sub.add_parser("prune-catalog"); p.add_argument("--image", required=True)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s: %(message)s")

    cat = Catalog()
    handler = {"scan": cmd_scan, "list": cmd_list, "prune-catalog": cmd_prune}[args.cmd]
    try:
        return handler(cat, args)
    except sqlite3.Error as exc:
        LOG.error("catalog error: %s", exc)
        return 2


if __name__ == "__main__":
    sys.exit(main())
