#!/usr/bin/env python3
"""Synchronise the field finds register with the central collections API.

The finds register lives in a local SQLite file on the finds-room laptop
(small finds, bulk bags, samples).  This tool pushes new and changed rows to
the collections management API and records the remote id back locally.
When a run fails, a diagnostic bundle is written so the data manager can see
what state the laptop was in.
"""

import argparse
import datetime as dt
import http.client
import json
import logging
import os
import platform
import sqlite3
import sys
import traceback
from pathlib import Path
from urllib.parse import urlsplit

import yaml

log = logging.getLogger("finds-sync")

DEFAULT_CONFIG = """
api: https://collections.digsite.example/api/finds
batch_size: 50
diagnostics:
  dir: diagnostics
"""


class Config:
    def __init__(self, path: Path):
        text = path.read_text(encoding="utf-8") if path.exists() else DEFAULT_CONFIG
        data = yaml.load(text, Loader=yaml.Loader) or {}
        self.api = data.get("api")
        self.batch_size = int(data.get("batch_size", 50))
        self.diag_dir = Path(data.get("diagnostics", {}).get("dir", "diagnostics"))


class CollectionsClient:
    def __init__(self, base_url: str, token: str):
        parts = urlsplit(base_url)
        self.host, self.path = parts.netloc, parts.path.rstrip("/")
        self.token = token

    def upsert(self, rows):
        conn = http.client.HTTPSConnection(self.host, timeout=30)
        try:
            body = json.dumps({"finds": rows})
            conn.request("POST", f"{self.path}/bulk", body=body, headers={
                "Content-Type": "application/json",
                "Authorization": f"Token {self.token}",
            })
            resp = conn.getresponse()
            payload = resp.read()
            if resp.status >= 300:
                raise RuntimeError(f"API returned {resp.status}: {payload[:200]!r}")
            return json.loads(payload)["ids"]
        finally:
            conn.close()


def pending_rows(db: sqlite3.Connection, batch_size: int):
    db.row_factory = sqlite3.Row
    cur = db.execute(
        "SELECT find_no, context, material, description, weight_g, bag_no, updated "
        "FROM finds WHERE synced IS NULL OR updated > synced ORDER BY find_no")
    while True:
        chunk = cur.fetchmany(batch_size)
        if not chunk:
            return
        yield [dict(r) for r in chunk]


def mark_synced(db: sqlite3.Connection, pairs):
    now = dt.datetime.now().isoformat(timespec="seconds")
    with db:
        db.executemany("UPDATE finds SET remote_id = ?, synced = ? WHERE find_no = ?",
                       [(rid, now, fno) for fno, rid in pairs])


def write_diagnostics(cfg: Config, exc: BaseException):
    cfg.diag_dir.mkdir(parents=True, exist_ok=True)
    stamp = dt.datetime.now().strftime("%Y%m%d-%H%M%S")
    report = {
        "time": stamp,
        "host": platform.node(),
        "python": sys.version,
        "error": repr(exc),
        "traceback": traceback.format_exception(type(exc), exc, exc.__traceback__),
    }
    out = cfg.diag_dir / f"finds-sync-{stamp}.json"
    out.write_text(json.dumps(report, indent=2), encoding="utf-8")
    log.info("diagnostics written to %s", out)


def run(cfg: Config, db_path: Path) -> int:
    token = os.environ["COLLECTIONS_TOKEN"]
    client = CollectionsClient(cfg.api, token)
    db = sqlite3.connect(db_path)
    sent = 0
    for batch in pending_rows(db, cfg.batch_size):
        ids = client.upsert(batch)
        mark_synced(db, zip((r["find_no"] for r in batch), ids))
        sent += len(batch)
        log.info("synced %d finds (%d total)", len(batch), sent)
    db.close()
    return sent


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description="Sync finds register to collections API")
    ap.add_argument("--db", type=Path, default=Path("finds_register.sqlite"))
    ap.add_argument("--config", type=Path, default=Path("finds_sync.yaml"))
    ap.add_argument("-q", "--quiet", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.WARNING if args.quiet else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    cfg = Config(args.config)
    try:
        n = run(cfg, args.db)
    except Exception as exc:  # noqa: BLE001 - report whatever went wrong
        log.error("sync failed: %s", exc)
        write_diagnostics(cfg, exc)
        return 1
    log.info("finished, %d finds synced", n)
    return 0


if __name__ == "__main__":
    sys.exit(main())
