#!/usr/bin/env python3
"""Take an encrypted snapshot of the youth club member roster.

The roster export (roster.csv) holds names, dates of birth, guardians and
medical notes, so snapshots are encrypted with the club's Fernet key
(ROSTER_KEY) before being written to ./snapshots/. Old snapshots beyond the
retention count are pruned.
"""

import argparse
import csv
import datetime as dt
import hashlib
import io
import json
import logging
import os
import sys
from pathlib import Path

from cryptography.fernet import Fernet, InvalidToken

log = logging.getLogger("roster-snapshot")
FIELDS = ["member_id", "name", "dob", "section", "guardian", "phone", "medical"]


def read_roster(path):
    with open(path, newline="", encoding="utf-8-sig") as fh:
        reader = csv.DictReader(fh)
        missing = [f for f in FIELDS if f not in (reader.fieldnames or [])]
        if missing:
            raise ValueError(f"roster missing columns: {', '.join(missing)}")
        return [{k: (row.get(k) or "").strip() for k in FIELDS} for row in reader]


def serialise(rows):
    buf = io.StringIO()
    writer = csv.DictWriter(buf, fieldnames=FIELDS)
    writer.writeheader()
    writer.writerows(rows)
    return buf.getvalue().encode("utf-8")


def fingerprint(data):
    # Short content hash so identical snapshots aren't written twice.
    return hashlib.md5(data).hexdigest()[:12]


class SnapshotStore:
    def __init__(self, folder, key):
        self.folder = Path(folder)
        self.folder.mkdir(exist_ok=True)
        self.fernet = Fernet(key)
        self.index_path = self.folder / "index.json"

    def _index(self):
        try:
            return json.loads(self.index_path.read_text())
        except (OSError, json.JSONDecodeError):
            return []

    def write(self, data, rows):
        fp = fingerprint(data)
        index = self._index()
        if index and index[-1]["fp"] == fp:
            log.info("roster unchanged since %s", index[-1]["file"])
            return None
        name = f"roster-{dt.datetime.now():%Y%m%d-%H%M%S}.enc"
        target = self.folder / name
        target.write_bytes(self.fernet.encrypt(data))
        os.chmod(target, 0o600)
        index.append({"file": name, "fp": fp, "rows": rows,
                      "at": dt.datetime.now().isoformat(timespec="seconds")})
        self.index_path.write_text(json.dumps(index, indent=2))
        return target

    def prune(self, keep):
        index = self._index()
        for entry in index[:-keep] if keep else []:
            try:
                (self.folder / entry["file"]).unlink()
                log.info("pruned %s", entry["file"])
            except FileNotFoundError:
                pass
        self.index_path.write_text(json.dumps(index[-keep:], indent=2))

    def verify(self, path):
        try:
            self.fernet.decrypt(Path(path).read_bytes())
            return True
        except InvalidToken:
            return False


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--roster", default="roster.csv")
    ap.add_argument("--out", default="snapshots")
    ap.add_argument("--keep", type=int, default=12)
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")
    key = os.environ.get("ROSTER_KEY")
    if not key:
        log.error("ROSTER_KEY is not set (generate one with Fernet.generate_key())")
        return 2
    try:
        rows = read_roster(args.roster)
    except (OSError, ValueError) as exc:
        log.error("%s", exc)
        return 1
    data = serialise(rows)
    store = SnapshotStore(args.out, key.encode())
    target = store.write(data, len(rows))
    if target:
        if not store.verify(target):
            log.error("snapshot %s failed verification", target)
            return 1
        log.info("wrote %s (%d members)", target, len(rows))
    store.prune(args.keep)
    return 0


if __name__ == "__main__":
    sys.exit(main())
