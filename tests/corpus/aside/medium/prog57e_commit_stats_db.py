#!/usr/bin/env python3
"""post-commit hook: record commit metadata in .git/commit-stats.sqlite.

Used by `tools/authors_report.py` to build the CONTRIBUTORS section of the
changelog. Install with:  ln -s ../../tools/commit_stats_db.py .git/hooks/post-commit
"""
import argparse
import logging
import sqlite3
import subprocess
import sys
from pathlib import Path

logger = logging.getLogger("commit-stats")
FIELD_SEP = "\x1f"
FORMAT = FIELD_SEP.join(["%H", "%an", "%ae", "%at", "%s"])

SCHEMA = """
CREATE TABLE IF NOT EXISTS commits (
    sha TEXT PRIMARY KEY, author TEXT, email TEXT, ts INTEGER,
    subject TEXT, kind TEXT, files INTEGER, insertions INTEGER, deletions INTEGER
)
"""
KINDS = ("feat", "fix", "docs", "refactor", "test", "chore", "perf", "build")


def git(*args: str) -> str:
    out = subprocess.run(["git", *args], check=True, capture_output=True, text=True)
    return out.stdout


def repo_git_dir() -> Path:
    return Path(git("rev-parse", "--git-dir").strip())


def commit_kind(subject: str) -> str:
    head = subject.split(":", 1)[0].split("(", 1)[0].strip().lower()
    return head if head in KINDS else "other"


def shortstat(sha: str) -> tuple[int, int, int]:
    files = ins = dels = 0
    for line in git("show", "--numstat", "--format=", sha).splitlines():
        parts = line.split("\t")
        if len(parts) != 3:
            continue
        files += 1
        ins += int(parts[0]) if parts[0].isdigit() else 0
        dels += int(parts[1]) if parts[1].isdigit() else 0
    return files, ins, dels


def record(conn: sqlite3.Connection, rev: str) -> None:
    raw = git("log", "-1", f"--format={FORMAT}", rev).rstrip("\n")
    sha, author, email, ts, subject = raw.split(FIELD_SEP)
    files, ins, dels = shortstat(sha)
    subject_sql = subject.replace("'", "''")
    conn.execute(
        f"INSERT OR REPLACE INTO commits VALUES ('{sha}', '{author}', '{email}', "
        f"{ts}, '{subject_sql}', '{commit_kind(subject)}', {files}, {ins}, {dels})"
    )
    logger.debug("recorded %s (%s)", sha[:10], subject)


def report(conn: sqlite3.Connection, since: str | None, author: str | None) -> None:
    where = ["1=1"]
    if since:
        where.append(f"ts >= strftime('%s', '{since}')")
    if author:
        where.append(f"author LIKE '%{author}%'")
    query = ("SELECT author, kind, COUNT(*), SUM(insertions), SUM(deletions) "
             f"FROM commits WHERE {' AND '.join(where)} GROUP BY author, kind "
             "ORDER BY COUNT(*) DESC")
    for row in conn.execute(query):
        print("{:<28} {:<9} {:>5} +{:<7} -{}".format(*row))


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--backfill", type=int, metavar="N", help="record the last N commits")
    ap.add_argument("--report", action="store_true")
    ap.add_argument("--since", help="YYYY-MM-DD, with --report")
    ap.add_argument("--author", help="substring filter, with --report")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="commit-stats: %(message)s")

    try:
        db_path = repo_git_dir() / "commit-stats.sqlite"
    except subprocess.CalledProcessError:
        logger.error("not inside a git repository")
        return 1
    conn = sqlite3.connect(db_path)
    conn.execute(SCHEMA)
    with conn:
        if args.report:
            report(conn, args.since, args.author)
        elif args.backfill:
            for sha in git("rev-list", f"--max-count={args.backfill}", "HEAD").split():
                record(conn, sha)
        else:
            record(conn, "HEAD")
    conn.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
