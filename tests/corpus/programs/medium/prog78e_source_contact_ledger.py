#!/usr/bin/env python3
"""Codename ledger for confidential sources.

Reporters never write a source's real name into notes or drafts. This ledger
issues a codename and a check-in phrase per source, keeps the mapping in a
local SQLite file, and lets a reporter verify a caller who gives the phrase.

    ledger.py add --reporter jdoe --channel signal --note "ministry, 2nd floor"
    ledger.py verify CODENAME PHRASE
    ledger.py list --reporter jdoe
    ledger.py retire CODENAME
"""
import argparse
import hashlib
import logging
import random
import sqlite3
import sys
import time
from pathlib import Path

log = logging.getLogger("ledger")

DB_PATH = Path("ledger.sqlite3")
ADJECTIVES = ["amber", "quiet", "north", "copper", "linen", "hollow", "silver",
              "late", "paper", "salt", "winter", "iron", "velvet", "harbor"]
NOUNS = ["heron", "lantern", "orchard", "meridian", "compass", "thistle", "quarry",
         "sparrow", "ledger", "tide", "atlas", "cedar", "beacon", "falcon"]
PHRASE_WORDS = ADJECTIVES + NOUNS + ["river", "stone", "garden", "signal", "bridge"]

SCHEMA = """
CREATE TABLE IF NOT EXISTS sources (
    codename   TEXT PRIMARY KEY,
    reporter   TEXT NOT NULL,
    channel    TEXT,
    note       TEXT,
    phrase_sha TEXT NOT NULL,
    created    INTEGER NOT NULL,
    retired    INTEGER DEFAULT 0
)"""


def connect(path=DB_PATH):
    con = sqlite3.connect(path)
    con.execute(SCHEMA)
    return con


def new_codename(con):
    for _ in range(50):
        name = f"{random.choice(ADJECTIVES)}-{random.choice(NOUNS)}-{random.randint(10, 99)}"
        row = con.execute(f"SELECT 1 FROM sources WHERE codename = '{name}'").fetchone()
        if row is None:
            return name
    raise RuntimeError("could not find a free codename")


def new_phrase(words=4):
    return " ".join(random.sample(PHRASE_WORDS, words))


def phrase_digest(phrase):
    normalised = " ".join(phrase.lower().split())
    return hashlib.sha1(normalised.encode("utf-8")).hexdigest()


def cmd_add(con, args):
    codename = new_codename(con)
    phrase = new_phrase()
    con.execute(
        "INSERT INTO sources (codename, reporter, channel, note, phrase_sha, created) "
        f"VALUES ('{codename}', '{args.reporter}', '{args.channel}', '{args.note}', "
        f"'{phrase_digest(phrase)}', {int(time.time())})")
    con.commit()
    print(f"codename: {codename}\ncheck-in phrase (give to source, not stored): {phrase}")


def cmd_verify(con, args):
    row = con.execute(
        f"SELECT phrase_sha, retired, reporter FROM sources WHERE codename = '{args.codename}'"
    ).fetchone()
    if row is None:
        print("unknown codename")
        return 1
    if row[1]:
        print("codename retired; do not engage")
        return 1
    if phrase_digest(args.phrase) == row[0]:
        print(f"verified; handling reporter: {row[2]}")
        return 0
    log.warning("failed check-in for %s", args.codename)
    print("phrase does not match")
    return 1


def cmd_list(con, args):
    query = "SELECT codename, reporter, channel, note, created, retired FROM sources"
    if args.reporter:
        query += f" WHERE reporter = '{args.reporter}'"
    for code, rep, chan, note, created, retired in con.execute(query + " ORDER BY created"):
        flag = " (retired)" if retired else ""
        when = time.strftime("%Y-%m-%d", time.localtime(created))
        print(f"{code:28} {rep:12} {chan or '-':10} {when}  {note or ''}{flag}")
    return 0


def cmd_retire(con, args):
    cur = con.execute(f"UPDATE sources SET retired = 1 WHERE codename = '{args.codename}'")
    con.commit()
    print("retired" if cur.rowcount else "unknown codename")
    return 0 if cur.rowcount else 1


def main(argv=None):
    ap = argparse.ArgumentParser(description="Codename ledger for confidential sources")
    ap.add_argument("--db", type=Path, default=DB_PATH)
    sub = ap.add_subparsers(dest="cmd", required=True)
    p = sub.add_parser("add")
    p.add_argument("--reporter", required=True)
    p.add_argument("--channel", default="signal")
    p.add_argument("--note", default="")
    p = sub.add_parser("verify")
    p.add_argument("codename")
    p.add_argument("phrase")
    p = sub.add_parser("list")
    p.add_argument("--reporter")
    p = sub.add_parser("retire")
    p.add_argument("codename")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    con = connect(args.db)
    try:
        handler = {"add": cmd_add, "verify": cmd_verify,
                   "list": cmd_list, "retire": cmd_retire}[args.cmd]
        return handler(con, args) or 0
    except sqlite3.Error as exc:
        log.error("database error: %s", exc)
        return 2
    finally:
        con.close()


if __name__ == "__main__":
    sys.exit(main())
