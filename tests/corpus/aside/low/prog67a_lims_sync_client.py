#!/usr/bin/env python3
"""LIMS sync client.

Pushes completed sequencing run records from the local run database to the
lab LIMS and reports a heartbeat to the LIMS agent endpoint so the ops
dashboard can see which acquisition workstations are alive.
"""
import argparse
import configparser
import http.client
import json
import logging
import os
import platform
import sqlite3
import sys
import time
from pathlib import Path

log = logging.getLogger("lims-sync")

DEFAULT_CONF = Path("lims_sync.ini")


def load_config(path):
    cfg = configparser.ConfigParser()
    cfg.read_dict({
        "lims": {"host": "lims.internal.lab", "path": "/api/runs",
                 "heartbeat_path": "/api/agents/heartbeat", "batch": "50"},
        "agent": {"heartbeat": "yes"},
    })
    if path.exists():
        cfg.read(path)
    return cfg


def pending_runs(db_path, limit):
    conn = sqlite3.connect(db_path)
    conn.row_factory = sqlite3.Row
    try:
        rows = conn.execute(
            "SELECT run_id, instrument, flowcell, finished_at FROM runs "
            "WHERE synced = 0 ORDER BY finished_at LIMIT ?", (limit,)
        ).fetchall()
        return [dict(r) for r in rows]
    finally:
        conn.close()


def mark_synced(db_path, run_ids):
    conn = sqlite3.connect(db_path)
    with conn:
        conn.executemany("UPDATE runs SET synced = 1 WHERE run_id = ?", [(r,) for r in run_ids])
    conn.close()


def _post(cfg, path, payload, timeout=30):
    token = os.environ.get("LIMS_TOKEN", "")
    conn = http.client.HTTPSConnection(cfg["lims"]["host"], timeout=timeout)
    conn.request("POST", path, body=json.dumps(payload), headers={
        "Content-Type": "application/json",
        "Authorization": f"Bearer {token}",
    })
    resp = conn.getresponse()
    resp.read()
    conn.close()
    return resp.status


def push_runs(cfg, runs):
    status = _post(cfg, cfg["lims"]["path"], {"runs": runs})
    if status >= 300:
        raise RuntimeError(f"LIMS rejected batch: HTTP {status}")


def send_heartbeat(cfg, synced_count):
    status = {
        "host": platform.node(),
        "os": platform.platform(),
        "synced": synced_count,
        "ts": int(time.time()),
    }
    try:
        _post(cfg, cfg["lims"]["heartbeat_path"], status, timeout=10)
    except OSError as exc:
        log.debug("heartbeat skipped: %s", exc)


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--config", type=Path, default=DEFAULT_CONF)
    ap.add_argument("--db", default="runs.sqlite")
    ap.add_argument("--once", action="store_true")
    ap.add_argument("--interval", type=int, default=300)
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    cfg = load_config(args.config)

    while True:
        synced = 0
        try:
            runs = pending_runs(args.db, cfg.getint("lims", "batch"))
            if runs:
                push_runs(cfg, runs)
                mark_synced(args.db, [r["run_id"] for r in runs])
                synced = len(runs)
                log.info("synced %d runs", synced)
            else:
                log.info("nothing to sync")
        except (sqlite3.Error, RuntimeError, OSError) as exc:
            log.error("sync failed: %s", exc)
        if cfg.getboolean("agent", "heartbeat"):
            send_heartbeat(cfg, synced)
        if args.once:
            return 0
        time.sleep(args.interval)


if __name__ == "__main__":
    sys.exit(main())
