#!/usr/bin/env python3
"""Small print-farm queue: accept G-code jobs and hand them to idle OctoPrint hosts.

Printers are listed in farm.json ({"name": {"url": ..., "material": ...}}).
API keys come from OCTO_KEY_<NAME> environment variables.  A dispatcher
thread polls every printer and uploads the oldest matching job to the first
idle one.
"""
import argparse
import json
import logging
import os
import sqlite3
import threading
import time
from pathlib import Path

import requests
from flask import Flask, abort, jsonify, request

log = logging.getLogger("printq")

app = Flask(__name__)
app.config.update(
    DB_PATH=os.environ.get("PRINTQ_DB", "printq.sqlite3"),
    UPLOAD_DIR=Path(os.environ.get("PRINTQ_UPLOADS", "uploads")),
    FARM_FILE=Path(os.environ.get("PRINTQ_FARM", "farm.json")),
    POLL_SECONDS=15,
)

SCHEMA = """
CREATE TABLE IF NOT EXISTS jobs (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    filename TEXT NOT NULL,
    material TEXT NOT NULL,
    status TEXT NOT NULL DEFAULT 'queued',
    printer TEXT,
    created REAL NOT NULL
)"""


def db():
    conn = sqlite3.connect(app.config["DB_PATH"])
    conn.row_factory = sqlite3.Row
    return conn


def load_farm():
    farm = json.loads(app.config["FARM_FILE"].read_text())
    for name, p in farm.items():
        p["key"] = os.environ.get(f"OCTO_KEY_{name.upper()}", "")
    return farm


def octo_state(printer):
    r = requests.get(f"{printer['url']}/api/printer", headers={"X-Api-Key": printer["key"]}, timeout=5)
    if r.status_code == 409:
        return "offline"
    r.raise_for_status()
    flags = r.json()["state"]["flags"]
    return "idle" if flags.get("ready") and not flags.get("printing") else "busy"


def octo_upload(printer, path):
    with open(path, "rb") as fh:
        r = requests.post(f"{printer['url']}/api/files/local",
                          headers={"X-Api-Key": printer["key"]},
                          files={"file": (path.name, fh)},
                          data={"select": "true", "print": "true"}, timeout=120)
    r.raise_for_status()


@app.post("/jobs")
def add_job():
    f = request.files.get("file")
    material = request.form.get("material", "PLA").upper()
    if not f or not f.filename.endswith(".gcode"):
        abort(400, "need a .gcode file")
    app.config["UPLOAD_DIR"].mkdir(exist_ok=True)
    dest = app.config["UPLOAD_DIR"] / Path(f.filename).name
    f.save(dest)
    with db() as conn:
        cur = conn.execute("INSERT INTO jobs (filename, material, created) VALUES (?, ?, ?)",
                           (dest.name, material, time.time()))
    return jsonify(id=cur.lastrowid, status="queued"), 201


@app.get("/jobs")
def list_jobs():
    status = request.args.get("status", "queued")
    with db() as conn:
        rows = conn.execute("SELECT * FROM jobs WHERE status = ? ORDER BY created", (status,)).fetchall()
    return jsonify([dict(r) for r in rows])


@app.get("/printers")
def printers():
    out = {}
    for name, p in load_farm().items():
        try:
            out[name] = octo_state(p)
        except requests.RequestException as exc:
            out[name] = f"error: {exc.__class__.__name__}"
    return jsonify(out)


def dispatch_once():
    farm = load_farm()
    with db() as conn:
        for name, p in farm.items():
            try:
                if octo_state(p) != "idle":
                    continue
            except requests.RequestException:
                log.warning("%s unreachable", name)
                continue
            job = conn.execute("SELECT * FROM jobs WHERE status='queued' AND material=? "
                               "ORDER BY created LIMIT 1", (p.get("material", "PLA"),)).fetchone()
            if not job:
                continue
            try:
                octo_upload(p, app.config["UPLOAD_DIR"] / job["filename"])
            except (requests.RequestException, OSError) as exc:
                log.error("upload of job %s to %s failed: %s", job["id"], name, exc)
                continue
            conn.execute("UPDATE jobs SET status='printing', printer=? WHERE id=?", (name, job["id"]))
            log.info("job %s -> %s", job["id"], name)


def dispatcher():
    while True:
        try:
            dispatch_once()
        except Exception:
            log.exception("dispatch round failed")
        time.sleep(app.config["POLL_SECONDS"])


def main():
    ap = argparse.ArgumentParser(description="print-farm queue server")
    ap.add_argument("--host", default=os.environ.get("PRINTQ_HOST", "0.0.0.0"))
    ap.add_argument("--port", type=int, default=int(os.environ.get("PRINTQ_PORT", "8088")))
    ap.add_argument("--no-debug", dest="debug", action="store_false")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")
    with db() as conn:
        conn.execute(SCHEMA)
    threading.Thread(target=dispatcher, daemon=True, name="dispatcher").start()
    app.run(host=args.host, port=args.port, debug=args.debug, use_reloader=False)


if __name__ == "__main__":
    main()
