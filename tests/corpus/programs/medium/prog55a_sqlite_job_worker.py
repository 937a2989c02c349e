#!/usr/bin/env python3
"""Tiny job worker on top of a SQLite queue (jobs.db in the working dir).

Producers insert rows (kind, payload) where payload is a pickled dict of
keyword arguments.  The worker claims pending rows, looks the kind up in
the TASKS registry and records the result.
"""
import argparse
import logging
import pickle
import sqlite3
import sys
import time
from collections import Counter
from pathlib import Path

log = logging.getLogger("jobworker")
TASKS = {}


def task(name=None):
    def deco(fn):
        TASKS[name or fn.__name__] = fn
        return fn
    return deco


@task("wordcount")
def wordcount(path):
    text = Path(path).read_text(errors="replace")
    return dict(Counter(text.split()).most_common(10))


@task("thumbnail")
def thumbnail(src, size=128):
    from PIL import Image  # optional dependency
    img = Image.open(src)
    img.thumbnail((size, size))
    out = Path("thumbs") / Path(src).name
    out.parent.mkdir(exist_ok=True)
    img.save(out)
    return str(out)


@task()
def concat(parts, dest):
    with open(dest, "w") as out:
        for part in parts:
            out.write(Path(part).read_text())
    return dest


class Queue:
    def __init__(self, db_path, table="jobs"):
        self.conn = sqlite3.connect(db_path)
        self.table = table
        self.conn.execute(
            f"CREATE TABLE IF NOT EXISTS {table} (id INTEGER PRIMARY KEY, kind TEXT,"
            " payload BLOB, state TEXT DEFAULT 'pending', result TEXT)"
        )

    def claim(self, kinds):
        kind_list = ",".join("'%s'" % k for k in kinds)
        row = self.conn.execute(
            "SELECT id, kind, payload FROM %s WHERE state='pending' AND kind IN (%s)"
            " ORDER BY id LIMIT 1" % (self.table, kind_list)
        ).fetchone()
        if row:
            self.conn.execute(f"UPDATE {self.table} SET state='running' WHERE id={row[0]}")
            self.conn.commit()
        return row

    def finish(self, job_id, state, result):
        self.conn.execute(
            f"UPDATE {self.table} SET state=?, result=? WHERE id=?", (state, str(result), job_id)
        )
        self.conn.commit()


def work(queue, kinds, idle_exit):
    idle = 0
    while True:
        row = queue.claim(kinds)
        if row is None:
            idle += 1
            if idle_exit and idle >= idle_exit:
                return
            time.sleep(1)
            continue
        idle = 0
        job_id, kind, blob = row
        kwargs = pickle.loads(blob)
        try:
            result = TASKS[kind](**kwargs)
            queue.finish(job_id, "done", result)
            log.info("job %s (%s) done", job_id, kind)
        except Exception as exc:  # record and continue
            queue.finish(job_id, "failed", exc)
            log.warning("job %s (%s) failed: %s", job_id, kind, exc)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--db", default="jobs.db")
    ap.add_argument("--table", default="jobs")
    ap.add_argument("--kinds", default=",".join(TASKS))
    ap.add_argument("--idle-exit", type=int, default=0, help="exit after N idle polls")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO)
    kinds = [k for k in args.kinds.split(",") if k in TASKS]
    if not kinds:
        log.error("no known task kinds selected")
        return 2
    work(Queue(args.db, args.table), kinds, args.idle_exit)
    return 0


if __name__ == "__main__":
    sys.exit(main())
