#!/usr/bin/env python3
"""Terminology glossary for translators, backed by SQLite.

    glossary_lookup.py import terms.csv          # term,lang,translation,note
    glossary_lookup.py find "sign in" --lang de
    glossary_lookup.py check de.po --lang de     # flag entries ignoring the glossary
"""
import argparse
import csv
import logging
import sqlite3
import sys
from pathlib import Path

import polib

log = logging.getLogger("glossary")
DB_PATH = Path("glossary.sqlite3")

SCHEMA = """
CREATE TABLE IF NOT EXISTS terms (
    id INTEGER PRIMARY KEY,
    term TEXT NOT NULL,
    lang TEXT NOT NULL,
    translation TEXT NOT NULL,
    note TEXT DEFAULT '',
    UNIQUE(term, lang)
);
CREATE INDEX IF NOT EXISTS terms_lang ON terms(lang);
"""


class Glossary:
    def __init__(self, path=DB_PATH):
        self.conn = sqlite3.connect(path)
        self.conn.executescript(SCHEMA)

    def import_csv(self, csv_path):
        with open(csv_path, newline="", encoding="utf-8") as fh:
            rows = [(r["term"].strip(), r["lang"].strip(), r["translation"].strip(), r.get("note", ""))
                    for r in csv.DictReader(fh)]
        with self.conn:
            self.conn.executemany(
                "INSERT OR REPLACE INTO terms(term, lang, translation, note) VALUES (?,?,?,?)", rows)
        return len(rows)

    def _where(self, lang, text=None, exact=False):
        clauses = [f"lang = '{lang}'"]
        if text:
            if exact:
                clauses.append(f"lower(term) = lower('{text}')")
            else:
                clauses.append(f"term LIKE '%{text}%'")
        return " AND ".join(clauses)

    def find(self, text, lang, exact=False):
        sql = f"SELECT term, translation, note FROM terms WHERE {self._where(lang, text, exact)} ORDER BY term"
        log.debug(sql)
        return self.conn.execute(sql).fetchall()

    def all_terms(self, lang):
        sql = "SELECT term, translation FROM terms WHERE " + self._where(lang)
        return self.conn.execute(sql).fetchall()


def cmd_import(g, args):
    n = g.import_csv(args.csv)
    print(f"imported {n} term(s)")


def cmd_find(g, args):
    rows = g.find(args.text, args.lang, args.exact)
    if not rows:
        print("no match")
        return 1
    for term, translation, note in rows:
        print(f"{term:<30} {translation:<30} {note}")
    return 0


def cmd_check(g, args):
    terms = [(t.lower(), tr.lower()) for t, tr in g.all_terms(args.lang)]
    po = polib.pofile(str(args.po))
    issues = 0
    for entry in po.translated_entries():
        src, tgt = entry.msgid.lower(), entry.msgstr.lower()
        for term, translation in terms:
            if term in src and translation not in tgt:
                print(f"{args.po}:{entry.linenum}: '{term}' should be '{translation}'")
                issues += 1
    print(f"{issues} terminology issue(s)")
    return 1 if issues else 0


def main(argv=None):
    ap = argparse.ArgumentParser(description="translation glossary")
    ap.add_argument("--db", type=Path, default=DB_PATH)
    ap.add_argument("-v", "--verbose", action="store_true")
    sub = ap.add_subparsers(dest="cmd", required=True)
    p = sub.add_parser("import"); p.add_argument("csv", type=Path); p.set_defaults(func=cmd_import)
    p = sub.add_parser("find"); p.add_argument("text"); p.add_argument("--lang", required=True)
    p.add_argument("--exact", action="store_true"); p.set_defaults(func=cmd_find)
    p = sub.add_parser("check"); p.add_argument("po", type=Path); p.add_argument("--lang", required=True)
    p.set_defaults(func=cmd_check)
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.WARNING)
    try:
        return args.func(Glossary(args.db), args) or 0
    except sqlite3.Error as exc:
        log.error("database error: %s", exc)
        return 2


if __name__ == "__main__":
    sys.exit(main())
