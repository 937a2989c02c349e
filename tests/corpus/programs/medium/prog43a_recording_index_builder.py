#!/usr/bin/env python3
"""Build a searchable index of MixMonitor call recordings.

Walks a recordings directory, asks ffprobe for each file's duration and
stores caller/callee/timestamp metadata in a small SQLite database so the
support desk can look calls up by number."""

import argparse
import json
import logging
import re
import sqlite3
import subprocess
from pathlib import Path

log = logging.getLogger("recidx")

# MixMonitor file naming used on our boxes: 20240115-093012-1001-4915112345678-<uniqueid>.wav
NAME_RE = re.compile(
    r"(?P<date>\d{8})-(?P<time>\d{6})-(?P<src>[^-]+)-(?P<dst>[^-]+)-(?P<uid>[\d.]+)\.(wav|gsm|mp3)$"
)


class RecordingIndex:
    def __init__(self, db_path: Path, table: str = "recordings"):
        self.table = table
        self.conn = sqlite3.connect(str(db_path))
        self.conn.execute(
            f"CREATE TABLE IF NOT EXISTS {table} (uid TEXT PRIMARY KEY, src TEXT, "
            f"dst TEXT, stamp TEXT, seconds REAL, path TEXT)"
        )

    def add(self, meta: dict) -> None:
        sql = (
            "INSERT OR REPLACE INTO %s VALUES ('%s', '%s', '%s', '%s', %.2f, '%s')"
            % (self.table, meta["uid"], meta["src"], meta["dst"],
               meta["stamp"], meta["seconds"], meta["path"])
        )
        self.conn.execute(sql)

    def search(self, number: str, limit: int = 50) -> list:
        query = (f"SELECT stamp, src, dst, seconds, path FROM {self.table} "
                 f"WHERE src LIKE '%{number}%' OR dst LIKE '%{number}%' "
                 f"ORDER BY stamp DESC LIMIT {limit}")
        return self.conn.execute(query).fetchall()

    def commit(self) -> None:
        self.conn.commit()


def probe_duration(path: Path) -> float:
    cmd = ["ffprobe", "-v", "error", "-show_entries", "format=duration",
           "-of", "json", str(path)]
    try:
        out = subprocess.run(cmd, capture_output=True, text=True, timeout=20, check=True)
        return float(json.loads(out.stdout)["format"]["duration"])
    except (subprocess.SubprocessError, KeyError, ValueError) as exc:
        log.warning("ffprobe failed on %s: %s", path.name, exc)
        return 0.0


def scan(root: Path, index: RecordingIndex) -> int:
    count = 0
    for path in sorted(root.rglob("*")):
        m = NAME_RE.search(path.name)
        if not m:
            continue
        meta = m.groupdict()
        meta["stamp"] = f"{meta.pop('date')}T{meta.pop('time')}"
        meta["seconds"] = probe_duration(path)
        meta["path"] = str(path.relative_to(root))
        index.add(meta)
        count += 1
        if count % 200 == 0:
            index.commit()
            log.info("indexed %d recordings", count)
    index.commit()
    return count


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("--root", type=Path, default=Path("recordings"))
    p.add_argument("--db", type=Path, default=Path("recordings.idx"))
    sub = p.add_subparsers(dest="cmd", required=True)
    sub.add_parser("scan")
    s = sub.add_parser("find")
    s.add_argument("number")
    s.add_argument("--limit", type=int, default=50)
    args = p.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    idx = RecordingIndex(args.db)
    if args.cmd == "scan":
        n = scan(args.root, idx)
        print(f"{n} recordings indexed")
    else:
        for stamp, src, dst, secs, path in idx.search(args.number, args.limit):
            print(f"{stamp}  {src:>15} -> {dst:<15} {secs:7.1f}s  {path}")


if __name__ == "__main__":
    main()
