#!/usr/bin/env python3
"""Summarise self-storage unit access from the GateKeeper nightly export.

GateKeeper drops a copy of its event database into the shared export folder
every night. This report reads new events since the last run, works out
per-unit visit counts, out-of-hours entries and denied attempts, and writes
a JSON summary for the site manager's morning report.
"""
import argparse
import json
import logging
import os
import shutil
import sqlite3
import sys
from collections import Counter, defaultdict
from datetime import datetime
from pathlib import Path

log = logging.getLogger("unit_access_report")

EXPORT_DB = Path(os.environ.get("GATEKEEPER_EXPORT", "gatekeeper_export/events.db"))
SNAPSHOT = Path("gatekeeper_snapshot.db")
STATE = Path(".access_report_state.json")
OPEN_HOURS = (6, 22)


def take_snapshot(src, dst):
    """Copy the export so a half-written nightly drop never bites us."""
    if not src.exists():
        raise FileNotFoundError(f"no export at {src}")
    shutil.copy2(src, dst)
    return dst


def load_state():
    try:
        return json.loads(STATE.read_text())
    except (OSError, ValueError):
        return {"last_id": 0}


def read_events(db_path, since_id):
    conn = sqlite3.connect(f"file:{db_path}?mode=ro", uri=True)
    conn.row_factory = sqlite3.Row
    try:
        rows = conn.execute(
            "SELECT id, ts, unit_no, door, result FROM events WHERE id > ? ORDER BY id",
            (since_id,),
        ).fetchall()
    finally:
        conn.close()
    return [dict(r) for r in rows]


def summarise(events):
    visits = Counter()
    denied = Counter()
    out_of_hours = defaultdict(list)
    for ev in events:
        unit = ev["unit_no"]
        when = datetime.fromisoformat(ev["ts"])
        if ev["result"] == "granted":
            visits[unit] += 1
            if not OPEN_HOURS[0] <= when.hour < OPEN_HOURS[1]:
                out_of_hours[unit].append(ev["ts"])
        else:
            denied[unit] += 1
    return {
        "events": len(events),
        "busiest_units": visits.most_common(10),
        "denied": dict(denied),
        "out_of_hours": dict(out_of_hours),
    }


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--db", type=Path, default=EXPORT_DB)
    parser.add_argument("--out", type=Path, default=Path("access_summary.json"))
    parser.add_argument("--full", action="store_true", help="ignore saved position")
    args = parser.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    state = {"last_id": 0} if args.full else load_state()
    try:
        snap = take_snapshot(args.db, SNAPSHOT)
        events = read_events(snap, state["last_id"])
    except (OSError, sqlite3.Error) as exc:
        log.error("could not read exported events: %s", exc)
        return 1
    finally:
        if SNAPSHOT.exists():
            SNAPSHOT.unlink()

    summary = summarise(events)
    summary["generated"] = datetime.now().isoformat(timespec="seconds")
    args.out.write_text(json.dumps(summary, indent=2))
    os.chmod(args.out, 0o600)
    if events:
        state["last_id"] = events[-1]["id"]
        STATE.write_text(json.dumps(state))
    log.info("%d new events summarised into %s", len(events), args.out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
