#!/usr/bin/env python3
"""Push pitch availability and new bookings to the PitchLine channel manager.

Reads the park's local bookings database (SQLite, exported nightly from the
office PC), works out which pitches changed since the last run, and sends the
changes to the channel manager so the online listings stay in step.

Environment:
    PITCHLINE_API_KEY   API key issued by PitchLine (required)
    PITCHLINE_HOST      API host, default api.pitchline.example
"""
import argparse
import http.client
import json
import logging
import os
import sqlite3
import time
from configparser import ConfigParser
from pathlib import Path

log = logging.getLogger("pitchsync")
STATE_FILE = Path(".pitchsync_state.json")
CLIENT_VERSION = "2.4.1"


class PitchLine:
    def __init__(self, host, api_key):
        self.host = host
        self.headers = {"Authorization": f"Bearer {api_key}",
                        "Content-Type": "application/json",
                        "User-Agent": f"pitchsync/{CLIENT_VERSION}"}

    def post(self, path, payload, retries=3):
        body = json.dumps(payload)
        for attempt in range(1, retries + 1):
            conn = http.client.HTTPSConnection(self.host, timeout=20)
            try:
                conn.request("POST", path, body, self.headers)
                resp = conn.getresponse()
                data = resp.read()
                if resp.status < 300:
                    return json.loads(data or b"{}")
                if resp.status < 500:
                    raise RuntimeError(f"{path}: HTTP {resp.status} {data[:200]!r}")
                log.warning("%s: HTTP %s, retry %d", path, resp.status, attempt)
            except (OSError, http.client.HTTPException) as exc:
                log.warning("%s: %s, retry %d", path, exc, attempt)
            finally:
                conn.close()
            time.sleep(2 ** attempt)
        raise RuntimeError(f"{path}: gave up after {retries} attempts")


def load_state():
    if STATE_FILE.exists():
        return json.loads(STATE_FILE.read_text())
    return {"last_sync": "1970-01-01T00:00:00"}


def save_state(state):
    STATE_FILE.write_text(json.dumps(state, indent=2))
    os.chmod(STATE_FILE, 0o600)


def changed_bookings(db_path, since):
    con = sqlite3.connect(db_path)
    con.row_factory = sqlite3.Row
    rows = con.execute(
        "SELECT b.ref, b.pitch_code, b.arrive, b.depart, b.status, p.hookup, p.size_m "
        "FROM bookings b JOIN pitches p ON p.code = b.pitch_code "
        "WHERE b.updated_at > ? ORDER BY b.updated_at", (since,)).fetchall()
    con.close()
    return [dict(r) for r in rows]


def main():
    ap = argparse.ArgumentParser(description="Sync pitch bookings to PitchLine")
    ap.add_argument("--db", default="bookings.sqlite")
    ap.add_argument("--config", default="pitchsync.ini")
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("--batch", type=int, default=50)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    cfg = ConfigParser()
    cfg.read(args.config)
    park_id = cfg.get("park", "id", fallback="UNSET")
    api_key = os.environ.get("PITCHLINE_API_KEY")
    if not api_key:
        raise SystemExit("PITCHLINE_API_KEY is not set")

    state = load_state()
    rows = changed_bookings(args.db, state["last_sync"])
    log.info("%d changed bookings since %s", len(rows), state["last_sync"])
    if args.dry_run or not rows:
        for r in rows:
            print(json.dumps(r))
        return

    api = PitchLine(os.environ.get("PITCHLINE_HOST", "api.pitchline.example"), api_key)
    started = time.strftime("%Y-%m-%dT%H:%M:%S")
    for i in range(0, len(rows), args.batch):
        chunk = rows[i:i + args.batch]
        result = api.post(f"/v1/parks/{park_id}/bookings:batchUpsert", {"bookings": chunk})
        log.info("batch %d: %s accepted", i // args.batch + 1, result.get("accepted", "?"))
    state["last_sync"] = started
    save_state(state)


if __name__ == "__main__":
    main()
