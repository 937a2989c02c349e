#!/usr/bin/env python3
"""Print-farm queue: accept G-code jobs and hand them to idle OctoPrint hosts.

Printers are listed in farm.json ({"name": {"url": ..., "material": ...,
"usb_port": "1-1.3"}}).  API keys come from OCTO_KEY_<NAME> environment
variables.  A dispatcher thread polls every printer and uploads the oldest
matching job to the first idle one; printers whose serial link has dropped
(OctoPrint reports 409 for minutes) get their USB port re-enumerated.
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
    OFFLINE_ROUNDS_BEFORE_RESET=8,
)
USB_ROOT = Path("/sys/bus/usb/devices")
_offline = {}

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


def reenumerate_usb(port_id):
    """Drop and re-attach a USB device so the CH340 on the mainboard comes back."""
    node = USB_ROOT / port_id / "authorized"
    if not node.exists():
        raise FileNotFoundError(node)
    for value in ("0", "1"):
        with open(node, "w") as fh:
            fh.write(value)
        time.sleep(1.5)
    log.info("usb %s re-enumerated", port_id)


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


@app.post("/printers/<name>/usb-reset")
def usb_reset(name):
    p = load_farm().get(name) or abort(404)
    try:
        reenumerate_usb(p["usb_port"])
    except (KeyError, OSError) as exc:
        abort(500, f"reset failed: {exc}")
    return jsonify(reset=name)


def dispatch_once():
    farm = load_farm()
    with db() as conn:
        for name, p in farm.items():
            try:
                state = octo_state(p)
            except requests.RequestException:
                log.warning("%s unreachable", name)
                continue
            if state == "offline":
                _offline[name] = _offline.get(name, 0) + 1
                if _offline[name] >= app.config["OFFLINE_ROUNDS_BEFORE_RESET"] and "usb_port" in p:
                    try:
                        reenumerate_usb(p["usb_port"])
                    except OSError as exc:
                        log.error("usb reset for %s failed: %s", name, exc)
                    _offline[name] = 0
                continue
            _offline.pop(name, None)
            if state != "idle":
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
