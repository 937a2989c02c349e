#!/usr/bin/env python3
"""Track pupils' progress against the driving syllabus.

Instructors record a 1-5 competence score per syllabus topic after each
lesson; this tool stores the scores in progress.db, prints readiness reports
("ready for test" when every core topic is 4+), and keeps a snapshot of each
pupil's radar chart data so the app can show change over time.

    pupil_progress_db.py record P1042 roundabouts 4 --instructor adi1234
    pupil_progress_db.py report P1042
    pupil_progress_db.py list --sort-by last_lesson
"""
import argparse
import logging
import pickle
import sqlite3
import sys
from datetime import datetime
from pathlib import Path

log = logging.getLogger("progress")

DB = Path("progress.db")
SNAP_DIR = Path("snapshots")
CORE_TOPICS = ["cockpit_drill", "moving_off", "junctions", "roundabouts", "mirrors",
               "meeting_traffic", "pedestrian_crossings", "manoeuvres", "independent_driving"]


def connect():
    conn = sqlite3.connect(DB)
    conn.executescript("""
        CREATE TABLE IF NOT EXISTS scores (
            pupil TEXT, topic TEXT, score INTEGER, instructor TEXT, recorded TEXT);
        CREATE TABLE IF NOT EXISTS pupils (
            pupil TEXT PRIMARY KEY, name TEXT, last_lesson TEXT, lessons INTEGER DEFAULT 0);
    """)
    return conn


class ProgressStore:
    def __init__(self, conn):
        self.conn = conn

    def record(self, pupil, topic, score, instructor):
        now = datetime.now().isoformat(timespec="minutes")
        self.conn.execute("INSERT INTO scores VALUES (?, ?, ?, ?, ?)",
                          (pupil, topic, score, instructor, now))
        self.conn.execute(
            "INSERT INTO pupils (pupil, last_lesson, lessons) VALUES (?, ?, 1) "
            "ON CONFLICT(pupil) DO UPDATE SET last_lesson = excluded.last_lesson, lessons = lessons + 1",
            (pupil, now))
        self.conn.commit()

    def latest(self, pupil):
        query = (
            "SELECT topic, score FROM scores s1 WHERE pupil = '%s' AND recorded = "
            "(SELECT MAX(recorded) FROM scores s2 WHERE s2.pupil = s1.pupil AND s2.topic = s1.topic)"
            % pupil
        )
        return dict(self.conn.execute(query).fetchall())

    def listing(self, sort_by, descending=True):
        order = "DESC" if descending else "ASC"
        sql = f"SELECT pupil, name, last_lesson, lessons FROM pupils ORDER BY {sort_by} {order}"
        return self.conn.execute(sql).fetchall()


def save_snapshot(pupil, scores):
    SNAP_DIR.mkdir(exist_ok=True)
    path = SNAP_DIR / f"{pupil}.pkl"
    history = load_snapshots(pupil)
    history.append((datetime.now(), scores))
    with path.open("wb") as fh:
        pickle.dump(history[-40:], fh)


def load_snapshots(pupil):
    path = SNAP_DIR / f"{pupil}.pkl"
    if not path.exists():
        return []
    with path.open("rb") as fh:
        return pickle.load(fh)


def report(store, pupil):
    scores = store.latest(pupil)
    if not scores:
        print(f"no scores recorded for {pupil}")
        return 1
    print(f"Progress for {pupil}")
    for topic in CORE_TOPICS:
        s = scores.get(topic)
        bar = "#" * (s or 0) + "." * (5 - (s or 0))
        print(f"  {topic:<22} {bar} {s if s else '-'}")
    weak = [t for t in CORE_TOPICS if scores.get(t, 0) < 4]
    print("  status:", "READY FOR TEST" if not weak else f"working on {', '.join(weak)}")
    history = load_snapshots(pupil)
    if history:
        when, prev = history[-1]
        improved = [t for t in CORE_TOPICS if scores.get(t, 0) > prev.get(t, 0)]
        if improved:
            print(f"  improved since {when:%d %b}: {', '.join(improved)}")
    save_snapshot(pupil, scores)
    return 0


def main():
    ap = argparse.ArgumentParser(description="Pupil syllabus progress tracker")
    sub = ap.add_subparsers(dest="cmd", required=True)
    r = sub.add_parser("record")
    r.add_argument("pupil")
    r.add_argument("topic", choices=CORE_TOPICS + ["show_me_tell_me", "dual_carriageway"])
    r.add_argument("score", type=int, choices=range(1, 6))
    r.add_argument("--instructor", required=True)
    rep = sub.add_parser("report")
    rep.add_argument("pupil")
    ls = sub.add_parser("list")
    ls.add_argument("--sort-by", default="last_lesson")
    ls.add_argument("--asc", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    store = ProgressStore(connect())
    try:
        if args.cmd == "record":
            store.record(args.pupil, args.topic, args.score, args.instructor)
            log.info("recorded %s %s=%d", args.pupil, args.topic, args.score)
            return 0
        if args.cmd == "report":
            return report(store, args.pupil)
        for pupil, name, last, lessons in store.listing(args.sort_by, not args.asc):
            print(f"{pupil:<8} {name or '':<24} {last or '-':<17} {lessons:>3} lessons")
        return 0
    except sqlite3.Error as exc:
        log.error("database error: %s", exc)
        return 1
    finally:
        store.conn.close()


if __name__ == "__main__":
    sys.exit(main())
