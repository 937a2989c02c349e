#!/usr/bin/env python3
"""Import stock-count files from the handheld counter's USB stick.

The annual stock-take counters export their counts to a FAT stick labelled
STOCKCOUNT.  The back-office PC has no desktop session to automount it, so
this mounts the stick read-only, loads every count file into the local
stock-take database and unmounts it again.

Count file format (CSV, header required): zone,gtin,sku,qty,counter,ts
"""

import argparse
import csv
import hashlib
import logging
import os
import sqlite3
import subprocess
import sys
from contextlib import contextmanager
from pathlib import Path

log = logging.getLogger("stockcount-usb")

DEVICE = "/dev/disk/by-label/STOCKCOUNT"
MOUNT_POINT = "/mnt/stockcount"
DB_PATH = "stocktake.db"

SCHEMA = """
CREATE TABLE IF NOT EXISTS counts (
    zone TEXT, gtin TEXT, sku TEXT, qty INTEGER, counter TEXT, ts TEXT,
    source TEXT, PRIMARY KEY (zone, gtin, counter, ts)
);
CREATE TABLE IF NOT EXISTS imported_files (digest TEXT PRIMARY KEY, name TEXT, rows INTEGER);
"""


def privileged(cmd):
    full = ["sudo", "-n"] + cmd if os.geteuid() != 0 else cmd
    log.debug("running %s", " ".join(full))
    result = subprocess.run(full, capture_output=True, text=True)
    if result.returncode != 0:
        raise RuntimeError("%s failed: %s" % (cmd[0], result.stderr.strip()))


@contextmanager
def mounted_stick(device, mount_point):
    if not os.path.exists(device):
        raise RuntimeError("no stick labelled STOCKCOUNT is plugged in")
    privileged(["mkdir", "-p", mount_point])
    privileged(["mount", "-t", "vfat", "-o", "ro,uid=%d" % os.getuid(), device, mount_point])
    log.info("mounted %s on %s", device, mount_point)
    try:
        yield Path(mount_point)
    finally:
        privileged(["umount", mount_point])
        log.info("unmounted %s", mount_point)


def file_digest(path):
    h = hashlib.md5()
    with open(path, "rb") as fh:
        for chunk in iter(lambda: fh.read(65536), b""):
            h.update(chunk)
    return h.hexdigest()


def read_counts(path):
    with open(path, newline="", encoding="utf-8-sig") as fh:
        for row in csv.DictReader(fh):
            try:
                qty = int(row["qty"])
            except (KeyError, ValueError):
                log.warning("%s: bad row %r", path.name, row)
                continue
            yield (row["zone"], row["gtin"], row.get("sku", ""), qty,
                   row.get("counter", ""), row.get("ts", ""), path.name)


def import_dir(conn, root):
    total = 0
    for path in sorted(root.rglob("*.csv")):
        digest = file_digest(path)
        if conn.execute("SELECT 1 FROM imported_files WHERE digest = ?", (digest,)).fetchone():
            log.info("%s already imported, skipping", path.name)
            continue
        rows = list(read_counts(path))
        with conn:
            conn.executemany("INSERT OR REPLACE INTO counts VALUES (?, ?, ?, ?, ?, ?, ?)", rows)
            conn.execute("INSERT INTO imported_files VALUES (?, ?, ?)", (digest, path.name, len(rows)))
        log.info("%s: %d count line(s)", path.name, len(rows))
        total += len(rows)
    return total


def main():
    parser = argparse.ArgumentParser(description="Import stock counts from the USB stick")
    parser.add_argument("--device", default=DEVICE)
    parser.add_argument("--mount-point", default=MOUNT_POINT)
    parser.add_argument("--db", default=DB_PATH)
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    conn = sqlite3.connect(args.db)
    conn.executescript(SCHEMA)
    try:
        with mounted_stick(args.device, args.mount_point) as root:
            total = import_dir(conn, root)
    except RuntimeError as exc:
        log.error("%s", exc)
        sys.exit(1)
    finally:
        conn.close()
    log.info("imported %d count line(s) into %s", total, args.db)


if __name__ == "__main__":
    main()
