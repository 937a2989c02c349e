#!/usr/bin/env python3
"""Sync pupil progress from the instructor's local diary to the school office.

Each instructor keeps a local SQLite diary (pupils, lessons and the skill
ratings from the driving syllabus, 1 = introduced ... 5 = independent).
This script gathers the ratings changed since the last sync and posts them
to the office API so the progress cards the pupils see are up to date.
"""

import argparse
import json
import logging
import os
import sqlite3
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

log = logging.getLogger("progress-sync")

OFFICE_API = os.environ.get("OFFICE_API", "https://office.clearroute-driving.co.uk/api")
STATE_FILE = Path(".progress_sync_state.json")
BATCH = 200


def load_state():
    if STATE_FILE.exists():
        return json.loads(STATE_FILE.read_text())
    return {"last_sync": "1970-01-01T00:00:00"}


def save_state(state):
    STATE_FILE.write_text(json.dumps(state))
    os.chmod(STATE_FILE, 0o600)


def changed_ratings(db, since):
    q = """SELECT p.pupil_ref, r.skill, r.score, r.updated_at
           FROM ratings r JOIN pupils p ON p.id = r.pupil_id
           WHERE r.updated_at > ? ORDER BY r.updated_at"""
    cur = db.execute(q, (since,))
    cols = [c[0] for c in cur.description]
    for row in cur:
        yield dict(zip(cols, row))


def batches(records, size=BATCH):
    for i in range(0, len(records), size):
        yield records[i:i + size]


def post_progress(token, instructor, records):
    payload = [{"pupil": r["pupil_ref"], "skill": r["skill"], "score": r["score"],
                "updated_at": r["updated_at"]} for r in records]
    req = urllib.request.Request(
        f"{OFFICE_API}/instructors/{instructor}/progress",
        data=json.dumps({"ratings": payload}).encode(),
        headers={"Content-Type": "application/json", "Authorization": f"Bearer {token}"},
        method="POST")
    last_exc = None
    for attempt in range(3):
        try:
            with urllib.request.urlopen(req, timeout=30) as resp:
                return json.loads(resp.read() or b"{}")
        except urllib.error.URLError as exc:
            last_exc = exc
            log.warning("attempt %d failed: %s", attempt + 1, exc)
            time.sleep(3 * (attempt + 1))
    raise last_exc


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--diary", default="diary.sqlite")
    ap.add_argument("--instructor", default=os.environ.get("ADI_NUMBER"))
    ap.add_argument("--full", action="store_true", help="resend everything")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    token = os.environ.get("OFFICE_TOKEN")
    if not token or not args.instructor:
        log.error("OFFICE_TOKEN and --instructor/ADI_NUMBER are required")
        return 2

    state = load_state()
    since = "1970-01-01T00:00:00" if args.full else state["last_sync"]
    with sqlite3.connect(args.diary) as db:
        records = list(changed_ratings(db, since))
    if not records:
        log.info("nothing changed since %s", since)
        return 0

    accepted = 0
    for chunk in batches(records):
        try:
            result = post_progress(token, args.instructor, chunk)
        except OSError as exc:
            log.error("sync failed: %s", exc)
            return 1
        accepted += int(result.get("accepted", len(chunk)))
        state["last_sync"] = chunk[-1]["updated_at"]
        save_state(state)
    log.info("synced %d ratings (%d accepted)", len(records), accepted)
    return 0


if __name__ == "__main__":
    sys.exit(main())
