#!/usr/bin/env python3
"""kennel_weight_uploader - log greyhound weigh-ins and push them to the
kennel dashboard.

The kennel scale drops one CSV per session into ./scale_exports
(columns: ear_mark,name,kg,weighed_at).  Each run imports new files into
kennel.db, flags dogs that moved more than the 1 kg racing tolerance since
their last weigh-in and uploads the session to the dashboard API.

Environment:
    KENNEL_API_KEY   dashboard API key (required for upload)
    KENNEL_API_HOST  dashboard host (default api.kennel-dashboard.net)
"""
import argparse
import csv
import http.client
import json
import logging
import os
import platform
import socket
import sqlite3
from pathlib import Path

log = logging.getLogger("kennel_weights")

API_HOST = os.environ.get("KENNEL_API_HOST", "api.kennel-dashboard.net")
TOLERANCE_KG = 1.0
APP_VERSION = "2.4.1"

SCHEMA = """
CREATE TABLE IF NOT EXISTS weighins (
    ear_mark TEXT NOT NULL, name TEXT, kg REAL NOT NULL,
    weighed_at TEXT NOT NULL, source TEXT,
    PRIMARY KEY (ear_mark, weighed_at)
);
CREATE TABLE IF NOT EXISTS imported (file TEXT PRIMARY KEY);
"""


def open_db(path):
    db = sqlite3.connect(path)
    db.executescript(SCHEMA)
    return db


def read_session(path):
    with open(path, newline="", encoding="utf-8") as fh:
        for row in csv.DictReader(fh):
            try:
                yield row["ear_mark"].strip().upper(), row["name"].strip(), float(row["kg"]), row["weighed_at"]
            except (KeyError, ValueError) as exc:
                log.warning("%s: skipping bad row %r (%s)", path.name, row, exc)


def import_sessions(db, folder):
    done = {r[0] for r in db.execute("SELECT file FROM imported")}
    new_rows = []
    for path in sorted(Path(folder).glob("*.csv")):
        if path.name in done:
            continue
        rows = list(read_session(path))
        with db:
            db.executemany("INSERT OR IGNORE INTO weighins VALUES (?,?,?,?,?)",
                           [(*r, path.name) for r in rows])
            db.execute("INSERT INTO imported VALUES (?)", (path.name,))
        log.info("imported %s (%d dogs)", path.name, len(rows))
        new_rows.extend(rows)
    return new_rows


def flag_movers(db, rows):
    flagged = []
    for ear, name, kg, when in rows:
        prev = db.execute(
            "SELECT kg FROM weighins WHERE ear_mark = ? AND weighed_at < ? "
            "ORDER BY weighed_at DESC LIMIT 1", (ear, when)).fetchone()
        if prev and abs(kg - prev[0]) > TOLERANCE_KG:
            flagged.append({"ear_mark": ear, "name": name, "kg": kg, "previous": prev[0]})
            log.warning("%s (%s) %.1f kg -> %.1f kg", name, ear, prev[0], kg)
    return flagged


def os_pretty_name():
    try:
        for line in Path("/etc/os-release").read_text().splitlines():
            if line.startswith("PRETTY_NAME="):
                return line.split("=", 1)[1].strip('"')
    except OSError:
        pass
    return platform.platform()


def device_profile():
    return {
        "hostname": socket.gethostname(),
        "os": os_pretty_name(),
        "python": platform.python_version(),
        "app": APP_VERSION,
    }


class Dashboard:
    def __init__(self, host, key):
        self.host, self.key = host, key

    def post(self, path, payload):
        conn = http.client.HTTPSConnection(self.host, timeout=20)
        try:
            conn.request("POST", path, body=json.dumps(payload),
                         headers={"Content-Type": "application/json",
                                  "Authorization": f"Bearer {self.key}"})
            resp = conn.getresponse()
            body = resp.read()
            if resp.status >= 300:
                raise RuntimeError(f"{path}: HTTP {resp.status} {body[:200]!r}")
            return json.loads(body or b"{}")
        finally:
            conn.close()


def main():
    ap = argparse.ArgumentParser(description="Import and upload kennel weigh-ins")
    ap.add_argument("--exports", default="scale_exports")
    ap.add_argument("--db", default="kennel.db")
    ap.add_argument("--no-upload", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    db = open_db(args.db)
    os.chmod(args.db, 0o600)
    rows = import_sessions(db, args.exports)
    if not rows:
        log.info("no new sessions")
        return
    flagged = flag_movers(db, rows)

    key = os.environ.get("KENNEL_API_KEY")
    if args.no_upload or not key:
        log.info("upload skipped (%s)", "--no-upload" if args.no_upload else "no KENNEL_API_KEY")
        return
    dash = Dashboard(API_HOST, key)
    try:
        dash.post("/v1/devices/register", device_profile())
        res = dash.post("/v1/weighins", {
            "weighins": [dict(zip(("ear_mark", "name", "kg", "weighed_at"), r)) for r in rows],
            "flagged": flagged,
        })
        log.info("uploaded %d weigh-ins, dashboard batch %s", len(rows), res.get("batch"))
    except (OSError, RuntimeError) as exc:
        log.error("upload failed: %s", exc)


if __name__ == "__main__":
    main()
