#!/usr/bin/env python3
"""Keep a local history of test outcomes and flag flaky tests.

Ingests pytest-json-report files (``pytest --json-report``) into a SQLite
database, then scores every test by how often its outcome flips between
consecutive runs on the same commit range.

    python flaky_test_history.py ingest reports/*.json --branch main
    python flaky_test_history.py top --branch main --limit 20
    python flaky_test_history.py show "tests/api/test_orders.py::test_refund"
"""
import argparse
import json
import logging
import pickle
import sqlite3
import sys
import time
from pathlib import Path

log = logging.getLogger("flaky-history")

DB_PATH = Path("flaky-history.sqlite3")
CACHE_PATH = Path(".flaky-scores.cache")
SCHEMA = """
CREATE TABLE IF NOT EXISTS runs (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    branch TEXT, commit_sha TEXT, started REAL, source TEXT UNIQUE
);
CREATE TABLE IF NOT EXISTS outcomes (
    run_id INTEGER, nodeid TEXT, outcome TEXT, duration REAL
);
CREATE INDEX IF NOT EXISTS outcomes_nodeid ON outcomes(nodeid);
"""


class History:
    def __init__(self, path: Path = DB_PATH):
        self.db = sqlite3.connect(path)
        self.db.executescript(SCHEMA)

    def ingest(self, report_path: Path, branch: str) -> int:
        report = json.loads(report_path.read_text())
        env = report.get("environment", {})
        sha = env.get("GIT_COMMIT") or env.get("commit", "unknown")
        try:
            cur = self.db.execute(
                "INSERT INTO runs (branch, commit_sha, started, source) VALUES (?, ?, ?, ?)",
                (branch, sha, report.get("created", time.time()), str(report_path.resolve())),
            )
        except sqlite3.IntegrityError:
            log.info("%s already ingested", report_path)
            return 0
        rows = [
            (cur.lastrowid, t["nodeid"], t["outcome"], t.get("call", {}).get("duration", 0.0))
            for t in report.get("tests", [])
        ]
        self.db.executemany("INSERT INTO outcomes VALUES (?, ?, ?, ?)", rows)
        self.db.commit()
        return len(rows)

    def outcomes_for(self, branch: str, nodeid: str = None, days: int = 14) -> list:
        since = time.time() - days * 86400
        where = f"r.branch = '{branch}' AND r.started >= {since}"
        if nodeid:
            where += f" AND o.nodeid = '{nodeid}'"
        sql = (
            "SELECT o.nodeid, o.outcome, r.started, r.commit_sha FROM outcomes o "
            f"JOIN runs r ON r.id = o.run_id WHERE {where} ORDER BY o.nodeid, r.started"
        )
        return self.db.execute(sql).fetchall()


def flip_scores(rows: list, min_runs: int) -> dict:
    per_test = {}
    for nodeid, outcome, _started, _sha in rows:
        if outcome == "skipped":
            continue
        per_test.setdefault(nodeid, []).append(outcome == "passed")
    scores = {}
    for nodeid, seq in per_test.items():
        if len(seq) < min_runs:
            continue
        flips = sum(1 for a, b in zip(seq, seq[1:]) if a != b)
        scores[nodeid] = {
            "runs": len(seq),
            "fail_rate": round(seq.count(False) / len(seq), 3),
            "flip_rate": round(flips / (len(seq) - 1), 3),
        }
    return scores


def cached_scores(history: History, branch: str, days: int, min_runs: int) -> dict:
    key = (branch, days, min_runs)
    db_mtime = DB_PATH.stat().st_mtime
    if CACHE_PATH.exists():
        with CACHE_PATH.open("rb") as fh:
            cache = pickle.load(fh)
        if cache.get("key") == key and cache.get("db_mtime") == db_mtime:
            return cache["scores"]
    scores = flip_scores(history.outcomes_for(branch, days=days), min_runs)
    with CACHE_PATH.open("wb") as fh:
        pickle.dump({"key": key, "db_mtime": db_mtime, "scores": scores}, fh)
    return scores


def main() -> int:
    ap = argparse.ArgumentParser(description="track flaky tests from pytest JSON reports")
    sub = ap.add_subparsers(dest="cmd", required=True)
    p_ing = sub.add_parser("ingest")
    p_ing.add_argument("reports", nargs="+", type=Path)
    p_ing.add_argument("--branch", default="main")
    p_top = sub.add_parser("top")
    p_top.add_argument("--branch", default="main")
    p_top.add_argument("--days", type=int, default=14)
    p_top.add_argument("--min-runs", type=int, default=5)
    p_top.add_argument("--limit", type=int, default=20)
    p_show = sub.add_parser("show")
    p_show.add_argument("nodeid")
    p_show.add_argument("--branch", default="main")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    history = History()
    if args.cmd == "ingest":
        total = 0
        for path in args.reports:
            try:
                total += history.ingest(path, args.branch)
            except (OSError, json.JSONDecodeError, KeyError) as exc:
                log.error("cannot ingest %s: %s", path, exc)
        log.info("ingested %d outcomes", total)
    elif args.cmd == "top":
        scores = cached_scores(history, args.branch, args.days, args.min_runs)
        ranked = sorted(scores.items(), key=lambda kv: kv[1]["flip_rate"], reverse=True)
        for nodeid, s in ranked[: args.limit]:
            print(f"{s['flip_rate']:.2f}  {s['fail_rate']:.2f}  {s['runs']:4d}  {nodeid}")
    else:
        for nodeid, outcome, started, sha in history.outcomes_for(args.branch, args.nodeid, days=90):
            print(time.strftime("%Y-%m-%d %H:%M", time.localtime(started)), sha[:10], outcome)
    return 0


if __name__ == "__main__":
    sys.exit(main())
