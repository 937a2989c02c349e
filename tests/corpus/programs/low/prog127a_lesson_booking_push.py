#!/usr/bin/env python3
"""Push kite lesson bookings from the school's desk database to BookWave.

The front desk records lessons in desk.sqlite (students, lessons tables).
Every few minutes this job pushes new and changed lessons to the BookWave
booking platform so instructors see them in the app, and marks them synced.

Environment:
    BOOKWAVE_API_KEY   API key for the school's BookWave account
    BOOKWAVE_HOST      defaults to api.bookwave.example
"""
import argparse
import http.client
import json
import logging
import os
import sqlite3
import sys
import time

log = logging.getLogger("booking-push")

API_HOST = os.environ.get("BOOKWAVE_HOST", "api.bookwave.example")

PENDING_SQL = """
SELECT l.id, l.starts_at, l.duration_min, l.level, l.instructor, l.spot,
       s.id, s.full_name, s.email, s.phone, s.weight_kg, s.emergency_contact
FROM lessons l JOIN students s ON s.id = l.student_id
WHERE l.synced_at IS NULL OR l.updated_at > l.synced_at
ORDER BY l.starts_at
"""


def pending_lessons(con):
    for row in con.execute(PENDING_SQL):
        yield {
            "external_id": f"desk-{row[0]}",
            "starts_at": row[1],
            "duration_min": row[2],
            "level": row[3],
            "instructor": row[4],
            "spot": row[5],
            "student": {
                "ref": f"stu-{row[6]}", "name": row[7], "email": row[8],
                "phone": row[9], "weight_kg": row[10], "emergency": row[11],
            },
        }


def post_batch(api_key, lessons):
    body = json.dumps({"lessons": lessons})
    conn = http.client.HTTPSConnection(API_HOST, timeout=30)
    try:
        conn.request("POST", "/v2/schools/me/lessons:batchUpsert", body=body,
                     headers={"Content-Type": "application/json",
                              "X-Api-Key": api_key})
        resp = conn.getresponse()
        data = resp.read()
        if resp.status >= 300:
            raise RuntimeError(f"BookWave returned {resp.status}: {data[:200]!r}")
        return json.loads(data or b"{}")
    finally:
        conn.close()


def mark_synced(con, lessons):
    ids = [int(l["external_id"].split("-", 1)[1]) for l in lessons]
    con.executemany("UPDATE lessons SET synced_at = datetime('now') WHERE id = ?",
                    [(i,) for i in ids])
    con.commit()


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--db", default="desk.sqlite")
    ap.add_argument("--batch", type=int, default=50)
    ap.add_argument("--retries", type=int, default=3)
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    api_key = os.environ.get("BOOKWAVE_API_KEY")
    if not api_key:
        log.error("BOOKWAVE_API_KEY not set")
        return 2
    con = sqlite3.connect(args.db)
    lessons = list(pending_lessons(con))
    if not lessons:
        log.info("nothing to sync")
        return 0

    synced = 0
    for i in range(0, len(lessons), args.batch):
        batch = lessons[i:i + args.batch]
        for attempt in range(1, args.retries + 1):
            try:
                res = post_batch(api_key, batch)
                mark_synced(con, batch)
                synced += len(batch)
                log.debug("batch %d ok: %s", i // args.batch, res.get("status"))
                break
            except (OSError, RuntimeError) as exc:
                log.warning("batch %d attempt %d failed: %s", i // args.batch, attempt, exc)
                time.sleep(2 ** attempt)
        else:
            log.error("giving up on batch starting at %d", i)
    log.info("synced %d of %d lessons", synced, len(lessons))
    return 0 if synced == len(lessons) else 1


if __name__ == "__main__":
    sys.exit(main())
