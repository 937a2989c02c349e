#!/usr/bin/env python3
"""Sync table bookings from the online booking platform into the cafe DB.

Runs every few minutes on the counter PC. Pulls today's and tomorrow's
bookings, upserts them into bookings.sqlite, writes tables_today.json and
then tells the window display service to pick up the new file.
"""
import argparse
import configparser
import datetime as dt
import json
import logging
import os
import shlex
import sqlite3
import subprocess
import sys
from pathlib import Path

import requests

DEFAULT_CONFIG = Path("booking_sync.ini")
log = logging.getLogger("booking_sync")

SCHEMA = """
CREATE TABLE IF NOT EXISTS bookings (
    id TEXT PRIMARY KEY,
    table_no INTEGER,
    starts TEXT,
    ends TEXT,
    party TEXT,
    size INTEGER,
    game TEXT,
    status TEXT,
    updated TEXT
)
"""


def load_config(path: Path) -> configparser.ConfigParser:
    cfg = configparser.ConfigParser()
    cfg.read_dict({
        "api": {"base": "https://api.tablebook.example/v3", "venue": "",
                "key_env": "TABLEBOOK_KEY"},
        "output": {"db": "bookings.sqlite", "display": "tables_today.json"},
        "display": {"unit": "cafe-display.service", "notify": "yes",
                    "reload_cmd": "sudo -n systemctl reload-or-restart {unit}"},
    })
    if path.exists():
        cfg.read(path)
    return cfg


def fetch_bookings(cfg, day: dt.date) -> list:
    api = cfg["api"]
    key = os.environ.get(api["key_env"])
    if not key:
        raise RuntimeError(f"{api['key_env']} not set")
    resp = requests.get(f"{api['base']}/venues/{api['venue']}/bookings",
                        params={"date": day.isoformat()},
                        headers={"X-Api-Key": key}, timeout=20)
    resp.raise_for_status()
    return resp.json().get("bookings", [])


def upsert(conn: sqlite3.Connection, rows: list) -> int:
    now = dt.datetime.now().isoformat(timespec="seconds")
    data = [(b["id"], b.get("table"), b.get("start"), b.get("end"),
             b.get("name"), b.get("size", 0), b.get("game", ""),
             b.get("status", "confirmed"), now) for b in rows]
    conn.executemany(
        "INSERT INTO bookings VALUES (?,?,?,?,?,?,?,?,?) "
        "ON CONFLICT(id) DO UPDATE SET table_no=excluded.table_no, "
        "starts=excluded.starts, ends=excluded.ends, party=excluded.party, "
        "size=excluded.size, game=excluded.game, status=excluded.status, "
        "updated=excluded.updated", data)
    conn.commit()
    return len(data)


def write_display(conn: sqlite3.Connection, out: Path, day: dt.date) -> None:
    cur = conn.execute(
        "SELECT table_no, starts, ends, party, size, game FROM bookings "
        "WHERE substr(starts,1,10)=? AND status!='cancelled' ORDER BY starts",
        (day.isoformat(),))
    tables = [dict(zip(("table", "start", "end", "party", "size", "game"), r))
              for r in cur]
    tmp = out.with_suffix(".part")
    tmp.write_text(json.dumps({"date": day.isoformat(), "tables": tables}, indent=1))
    tmp.replace(out)
    log.info("display file has %d bookings", len(tables))


def notify_display(section) -> None:
    """Ask the display unit to re-read tables_today.json."""
    if not section.getboolean("notify"):
        return
    argv = shlex.split(section["reload_cmd"].format(unit=section["unit"]))
    try:
        subprocess.run(argv, check=True, timeout=30,
                       stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        log.info("display %s refreshed", section["unit"])
    except subprocess.CalledProcessError as exc:
        log.warning("display refresh failed: %s", exc.stderr.decode(errors="replace").strip())
    except (OSError, subprocess.TimeoutExpired) as exc:
        log.warning("display refresh failed: %s", exc)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("-c", "--config", type=Path, default=DEFAULT_CONFIG)
    ap.add_argument("--days", type=int, default=2)
    ap.add_argument("-q", "--quiet", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.WARNING if args.quiet else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    cfg = load_config(args.config)
    conn = sqlite3.connect(cfg["output"]["db"])
    conn.execute(SCHEMA)
    today = dt.date.today()
    total = 0
    for offset in range(args.days):
        day = today + dt.timedelta(days=offset)
        try:
            total += upsert(conn, fetch_bookings(cfg, day))
        except (requests.RequestException, RuntimeError, KeyError) as exc:
            log.error("sync for %s failed: %s", day, exc)
            return 1
    log.info("synced %d bookings", total)
    write_display(conn, Path(cfg["output"]["display"]), today)
    conn.close()
    notify_display(cfg["display"])
    return 0


if __name__ == "__main__":
    sys.exit(main())
