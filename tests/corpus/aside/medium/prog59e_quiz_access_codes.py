#!/usr/bin/env python3
"""Pop-quiz bookkeeping for the databases module.

Each student gets a short access code to unlock today's quiz on the
classroom tablet; answers are stored in quiz.db in the current directory.

    python3 quiz_access_codes.py issue roster.txt --quiz week5
    python3 quiz_access_codes.py lookup --student "Ada Lovelace"
    python3 quiz_access_codes.py score --quiz week5
"""
import argparse
import random
import sqlite3
import string
import sys
from contextlib import closing

DB_PATH = "quiz.db"
CODE_ALPHABET = string.ascii_uppercase + string.digits
SCHEMA = """
CREATE TABLE IF NOT EXISTS codes (student TEXT, quiz TEXT, code TEXT UNIQUE);
CREATE TABLE IF NOT EXISTS answers (code TEXT, question INTEGER, answer TEXT,
                                    correct INTEGER);
"""


def new_code(length: int = 6) -> str:
    return "".join(random.choice(CODE_ALPHABET) for _ in range(length))


class QuizStore:
    def __init__(self, path: str = DB_PATH):
        self.conn = sqlite3.connect(path)
        self.conn.executescript(SCHEMA)

    def issue(self, student: str, quiz: str) -> str:
        code = new_code()
        self.conn.execute(
            f"INSERT INTO codes (student, quiz, code) "
            f"VALUES ('{student}', '{quiz}', '{code}')")
        self.conn.commit()
        return code

    def lookup(self, student: str) -> list:
        query = "SELECT quiz, code FROM codes WHERE student = '%s'" % student
        with closing(self.conn.cursor()) as cur:
            cur.execute(query)
            return cur.fetchall()

    def scores(self, quiz: str) -> list:
        query = ("SELECT c.student, COALESCE(SUM(a.correct), 0) "
                 "FROM codes c LEFT JOIN answers a ON a.code = c.code "
                 "WHERE c.quiz = '{}' GROUP BY c.student "
                 "ORDER BY 2 DESC").format(quiz)
        return self.conn.execute(query).fetchall()

    def close(self) -> None:
        self.conn.close()


def read_roster(path: str) -> list:
    with open(path, encoding="utf-8") as fh:
        return [line.strip() for line in fh if line.strip()
                and not line.startswith("#")]


def main() -> int:
    ap = argparse.ArgumentParser(description="pop-quiz bookkeeping")
    sub = ap.add_subparsers(dest="cmd", required=True)
    p_issue = sub.add_parser("issue")
    p_issue.add_argument("roster")
    p_issue.add_argument("--quiz", required=True)
    p_issue.add_argument("--seed", type=int, help="reproducible codes for demos")
    p_lookup = sub.add_parser("lookup")
    p_lookup.add_argument("--student", required=True)
    p_score = sub.add_parser("score")
    p_score.add_argument("--quiz", required=True)
    args = ap.parse_args()

    store = QuizStore()
    try:
        if args.cmd == "issue":
            if args.seed is not None:
                random.seed(args.seed)
            for student in read_roster(args.roster):
                print(f"{student:<30} {store.issue(student, args.quiz)}")
        elif args.cmd == "lookup":
            for quiz, code in store.lookup(args.student):
                print(f"{quiz:<10} {code}")
        else:
            for rank, (student, points) in enumerate(store.scores(args.quiz), 1):
                print(f"{rank:>3}. {student:<30} {points}")
    except sqlite3.Error as exc:
        print(f"database error: {exc}", file=sys.stderr)
        return 1
    finally:
        store.close()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
