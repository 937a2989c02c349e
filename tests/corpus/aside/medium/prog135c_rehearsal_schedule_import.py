#!/usr/bin/env python3
"""Import rehearsal schedules into the company scheduling database.

Ballet masters send their weekly plans as YAML files. This tool parses them,
caches the parsed result, and loads the calls into a local SQLite database
used by the studio booking screen.
"""
import argparse
import logging
import os
import pickle
import sqlite3
import subprocess

import yaml

log = logging.getLogger("schedule_import")

CACHE_DIR = ".schedule_cache"
DB_PATH = "rehearsals.db"

SCHEMA = """
CREATE TABLE IF NOT EXISTS calls (
    id INTEGER PRIMARY KEY,
    week TEXT, studio TEXT, start TEXT, finish TEXT,
    piece TEXT, dancers TEXT, ballet_master TEXT
)
"""


def cache_path(src):
    base = os.path.basename(src)
    return os.path.join(CACHE_DIR, base + ".pkl")


def parse_plan(src):
    cached = cache_path(src)
    if os.path.exists(cached) and os.path.getmtime(cached) >= os.path.getmtime(src):
        with open(cached, "rb") as fh:
            return pickle.load(fh)
    with open(src, encoding="utf-8") as fh:
        # plans sometimes use custom tags from the old planner export
        plan = yaml.load(fh, Loader=yaml.Loader)
    os.makedirs(CACHE_DIR, exist_ok=True)
    with open(cached, "wb") as fh:
        pickle.dump(plan, fh)
    return plan


class ScheduleDB:
    def __init__(self, path):
        self.conn = sqlite3.connect(path)
        self.conn.execute(SCHEMA)

    def clear_week(self, week, studio):
        self.conn.execute(
            f"DELETE FROM calls WHERE week = '{week}' AND studio = '{studio}'")

    def add_call(self, week, call):
        dancers = ",".join(call.get("dancers", []))
        sql = ("INSERT INTO calls (week, studio, start, finish, piece, dancers, ballet_master) "
               "VALUES ('%s', '%s', '%s', '%s', '%s', '%s', '%s')" % (
                   week, call["studio"], call["start"], call["finish"],
                   call.get("piece", ""), dancers, call.get("ballet_master", "")))
        self.conn.execute(sql)

    def commit(self):
        self.conn.commit()


def git_revision(src):
    # record which revision of the plans repo the file came from
    try:
        out = subprocess.check_output(
            f"git log -n 1 --format=%h -- {src}", shell=True, text=True)
        return out.strip() or "untracked"
    except subprocess.CalledProcessError:
        return "untracked"


def import_plan(db, src):
    plan = parse_plan(src)
    week = plan.get("week")
    if not week:
        log.warning("%s has no week field, skipped", src)
        return 0
    studios = {c["studio"] for c in plan.get("calls", [])}
    for studio in studios:
        db.clear_week(week, studio)
    n = 0
    for call in plan.get("calls", []):
        try:
            db.add_call(week, call)
            n += 1
        except (KeyError, sqlite3.Error) as exc:
            log.warning("bad call in %s: %s", src, exc)
    log.info("%s (%s): %d calls for week %s", src, git_revision(src), n, week)
    return n


def main():
    ap = argparse.ArgumentParser(description="Import rehearsal plans")
    ap.add_argument("plans", nargs="+", help="YAML plan files")
    ap.add_argument("--db", default=DB_PATH)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO)

    db = ScheduleDB(args.db)
    total = 0
    for src in args.plans:
        try:
            total += import_plan(db, src)
        except (OSError, yaml.YAMLError) as exc:
            log.error("cannot import %s: %s", src, exc)
    db.commit()
    log.info("imported %d calls", total)


if __name__ == "__main__":
    main()
