#!/usr/bin/env python3
"""Lending desk for the cafe's board game library.

Members can take a game home for a week. Staff use this at the counter:

    game_library_lending.py add "Azul" --shelf B3 --copies 2
    game_library_lending.py lend "Azul" --member 1042
    game_library_lending.py back "Azul" --member 1042
    game_library_lending.py find --title wing --available
    game_library_lending.py overdue
"""
import argparse
import datetime as dt
import logging
import os
import sqlite3
import sys

DB_PATH = os.environ.get("LIBRARY_DB", "library.sqlite")
LOAN_DAYS = 7
log = logging.getLogger("library")

SCHEMA = """
CREATE TABLE IF NOT EXISTS games (
    id INTEGER PRIMARY KEY, title TEXT UNIQUE, shelf TEXT,
    copies INTEGER DEFAULT 1, players TEXT, notes TEXT
);
CREATE TABLE IF NOT EXISTS loans (
    id INTEGER PRIMARY KEY, game_id INTEGER REFERENCES games(id),
    member INTEGER, lent_on TEXT, due_on TEXT, returned_on TEXT
);
"""


class Library:
    def __init__(self, path: str):
        self.db = sqlite3.connect(path)
        self.db.row_factory = sqlite3.Row
        self.db.executescript(SCHEMA)

    def game_id(self, title: str) -> int:
        row = self.db.execute(f"SELECT id FROM games WHERE title = '{title}'").fetchone()
        if row is None:
            raise LookupError(f"no game called {title!r}")
        return row["id"]

    def add(self, title, shelf, copies, players):
        self.db.execute("INSERT INTO games (title, shelf, copies, players) VALUES (?,?,?,?) "
                        "ON CONFLICT(title) DO UPDATE SET copies = copies + excluded.copies",
                        (title, shelf, copies, players))
        self.db.commit()

    def out_count(self, gid: int) -> int:
        return self.db.execute("SELECT COUNT(*) FROM loans WHERE game_id=? AND returned_on IS NULL",
                               (gid,)).fetchone()[0]

    def lend(self, title: str, member: int) -> dt.date:
        gid = self.game_id(title)
        copies = self.db.execute("SELECT copies FROM games WHERE id=?", (gid,)).fetchone()[0]
        if self.out_count(gid) >= copies:
            raise RuntimeError(f"all copies of {title} are out")
        today = dt.date.today()
        due = today + dt.timedelta(days=LOAN_DAYS)
        self.db.execute("INSERT INTO loans (game_id, member, lent_on, due_on) VALUES (?,?,?,?)",
                        (gid, member, today.isoformat(), due.isoformat()))
        self.db.commit()
        return due

    def give_back(self, title: str, member: int) -> None:
        gid = self.game_id(title)
        cur = self.db.execute(
            "UPDATE loans SET returned_on=? WHERE id = (SELECT id FROM loans WHERE game_id=? "
            "AND member=? AND returned_on IS NULL ORDER BY lent_on LIMIT 1)",
            (dt.date.today().isoformat(), gid, member))
        if cur.rowcount == 0:
            raise RuntimeError(f"member {member} has no open loan of {title}")
        self.db.commit()

    def find(self, title=None, shelf=None, players=None, available=False):
        clauses = []
        if title:
            clauses.append(f"g.title LIKE '%{title}%'")
        if shelf:
            clauses.append(f"g.shelf = '{shelf.upper()}'")
        if players:
            clauses.append(f"g.players LIKE '%{players}%'")
        where = " AND ".join(clauses) or "1=1"
        having = "HAVING g.copies > COUNT(l.id)" if available else ""
        sql = ("SELECT g.title, g.shelf, g.copies, COUNT(l.id) AS out FROM games g "
               "LEFT JOIN loans l ON l.game_id = g.id AND l.returned_on IS NULL "
               f"WHERE {where} GROUP BY g.id {having} ORDER BY g.title")
        log.debug("query: %s", sql)
        return self.db.execute(sql).fetchall()

    def overdue(self):
        return self.db.execute(
            "SELECT g.title, l.member, l.due_on FROM loans l JOIN games g ON g.id=l.game_id "
            "WHERE l.returned_on IS NULL AND l.due_on < ? ORDER BY l.due_on",
            (dt.date.today().isoformat(),)).fetchall()


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("-v", "--verbose", action="store_true")
    sub = ap.add_subparsers(dest="cmd", required=True)
    a = sub.add_parser("add"); a.add_argument("title"); a.add_argument("--shelf", default="")
    a.add_argument("--copies", type=int, default=1); a.add_argument("--players", default="")
    for name in ("lend", "back"):
        p = sub.add_parser(name); p.add_argument("title")
        p.add_argument("--member", type=int, required=True)
    f = sub.add_parser("find"); f.add_argument("--title"); f.add_argument("--shelf")
    f.add_argument("--players"); f.add_argument("--available", action="store_true")
    sub.add_parser("overdue")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(message)s")

    lib = Library(DB_PATH)
    try:
        if args.cmd == "add":
            lib.add(args.title, args.shelf.upper(), args.copies, args.players)
            log.info("added %s", args.title)
        elif args.cmd == "lend":
            due = lib.lend(args.title, args.member)
            log.info("%s lent to %d, due back %s", args.title, args.member, due)
        elif args.cmd == "back":
            lib.give_back(args.title, args.member)
            log.info("%s returned", args.title)
        elif args.cmd == "find":
            for r in lib.find(args.title, args.shelf, args.players, args.available):
                print(f"{r['title']:<35} {r['shelf']:<5} {r['copies'] - r['out']}/{r['copies']}")
        elif args.cmd == "overdue":
            for r in lib.overdue():
                print(f"{r['due_on']}  member {r['member']:<6} {r['title']}")
    except (LookupError, RuntimeError, sqlite3.Error) as exc:
        log.error("%s", exc)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
