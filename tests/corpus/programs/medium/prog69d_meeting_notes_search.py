#!/usr/bin/env python3
"""Index the meeting notes the notes bot drops into ./notes and search them.

Notes are markdown files with a small header block:

    title: Platform sync
    date: 2024-05-14
    attendees: ana, bo, chen

`index` (re)builds notes.db, `search` finds notes by words, attendee or date
range, `actions` lists the "- [ ]" action items still open.
"""
import argparse
import logging
import os
import pathlib
import pickle
import re
import sqlite3
import sys

log = logging.getLogger("notes")
HEADER_RE = re.compile(r"^(title|date|attendees):\s*(.+)$", re.M)
ACTION_RE = re.compile(r"^\s*-\s*\[ \]\s*(.+)$", re.M)
CACHE = ".notes-parse.cache"


def parse_note(path):
    text = path.read_text(encoding="utf-8", errors="replace")
    meta = dict(HEADER_RE.findall(text[:500]))
    return {
        "path": str(path),
        "title": meta.get("title", path.stem),
        "date": meta.get("date", ""),
        "attendees": [a.strip().lower() for a in meta.get("attendees", "").split(",") if a.strip()],
        "body": text,
        "actions": ACTION_RE.findall(text),
    }


class ParseCache:
    """Keeps parsed notes keyed by (path, mtime) so reindexing is cheap."""

    def __init__(self, path=CACHE):
        self.path = path
        self.entries = {}
        if os.path.exists(path):
            try:
                with open(path, "rb") as fh:
                    self.entries = pickle.load(fh)
            except (OSError, pickle.UnpicklingError, EOFError):
                log.warning("cache unreadable, starting fresh")

    def get(self, path):
        key = (str(path), path.stat().st_mtime_ns)
        if key not in self.entries:
            self.entries[key] = parse_note(path)
        return self.entries[key]

    def save(self):
        with open(self.path, "wb") as fh:
            pickle.dump(self.entries, fh, protocol=pickle.HIGHEST_PROTOCOL)


def build_index(db, notes_dir):
    cache = ParseCache()
    db.executescript("""
        DROP TABLE IF EXISTS notes; DROP TABLE IF EXISTS actions;
        CREATE TABLE notes (id INTEGER PRIMARY KEY, path TEXT, title TEXT, date TEXT,
                            attendees TEXT, body TEXT);
        CREATE TABLE actions (note_id INTEGER, item TEXT);
    """)
    count = 0
    for path in sorted(pathlib.Path(notes_dir).rglob("*.md")):
        note = cache.get(path)
        cur = db.execute("INSERT INTO notes (path, title, date, attendees, body) VALUES (?,?,?,?,?)",
                         (note["path"], note["title"], note["date"],
                          ",".join(note["attendees"]), note["body"]))
        db.executemany("INSERT INTO actions VALUES (?, ?)",
                       [(cur.lastrowid, a) for a in note["actions"]])
        count += 1
    db.commit()
    cache.save()
    return count


def search(db, words, attendee=None, since=None, until=None, limit=20):
    clauses = [f"body LIKE '%{w}%'" for w in words]
    if attendee:
        clauses.append(f"attendees LIKE '%{attendee.lower()}%'")
    if since:
        clauses.append(f"date >= '{since}'")
    if until:
        clauses.append(f"date <= '{until}'")
    where = " AND ".join(clauses) or "1=1"
    sql = f"SELECT date, title, path FROM notes WHERE {where} ORDER BY date DESC LIMIT {limit}"
    log.debug(sql)
    return db.execute(sql).fetchall()


def open_actions(db, attendee=None):
    sql = ("SELECT n.date, n.title, a.item FROM actions a JOIN notes n ON n.id = a.note_id")
    if attendee:
        sql += f" WHERE a.item LIKE '%@{attendee}%'"
    return db.execute(sql + " ORDER BY n.date").fetchall()


def main():
    ap = argparse.ArgumentParser(description="meeting notes index")
    ap.add_argument("--db", default="notes.db")
    ap.add_argument("-v", "--verbose", action="store_true")
    sub = ap.add_subparsers(dest="cmd", required=True)
    p = sub.add_parser("index")
    p.add_argument("notes_dir", nargs="?", default="notes")
    p = sub.add_parser("search")
    p.add_argument("words", nargs="*")
    p.add_argument("--who")
    p.add_argument("--since")
    p.add_argument("--until")
    p.add_argument("--limit", type=int, default=20)
    p = sub.add_parser("actions")
    p.add_argument("--who")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(message)s")

    db = sqlite3.connect(args.db)
    try:
        if args.cmd == "index":
            n = build_index(db, args.notes_dir)
            log.info("indexed %d notes", n)
        elif args.cmd == "search":
            for date, title, path in search(db, args.words, args.who, args.since,
                                            args.until, args.limit):
                print(f"{date:<10}  {title:<40}  {path}")
        else:
            for date, title, item in open_actions(db, args.who):
                print(f"{date:<10}  [{title}] {item}")
    except sqlite3.OperationalError as exc:
        log.error("query failed: %s (run `index` first?)", exc)
        return 1
    finally:
        db.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
