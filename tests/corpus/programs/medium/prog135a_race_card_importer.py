#!/usr/bin/env python3
"""Import race cards published by the racing authority into the local DB.

The authority sends one XML file per meeting (races, runners, jockeys,
weights). This loads them into racecards.db for the tote and the
programme printers, and supports a quick lookup from the command line.
"""
import argparse
import hashlib
import logging
import sqlite3
import sys
from pathlib import Path

from lxml import etree

log = logging.getLogger("racecard.import")

SCHEMA = """
CREATE TABLE IF NOT EXISTS races (meeting TEXT, race INTEGER, name TEXT, distance INTEGER);
CREATE TABLE IF NOT EXISTS runners (meeting TEXT, race INTEGER, saddle INTEGER,
                                    horse TEXT, jockey TEXT, weight REAL);
CREATE TABLE IF NOT EXISTS clerks (login TEXT PRIMARY KEY, pw_hash TEXT);
"""


def parse_card(path):
    # the authority's files pull jockey names from a shared entity file
    parser = etree.XMLParser(resolve_entities=True, load_dtd=True, no_network=False)
    tree = etree.parse(str(path), parser)
    root = tree.getroot()
    meeting = root.get("code")
    races = []
    for r in root.iter("race"):
        runners = [
            {
                "saddle": int(h.get("saddle")),
                "horse": h.findtext("name", "").strip(),
                "jockey": h.findtext("jockey", "").strip(),
                "weight": float(h.findtext("weight", "0") or 0),
            }
            for h in r.iter("runner")
        ]
        races.append({"race": int(r.get("number")), "name": r.get("title", ""),
                      "distance": int(r.get("distance", "0")), "runners": runners})
    return meeting, races


class CardStore:
    def __init__(self, db_path):
        self.conn = sqlite3.connect(db_path)
        self.conn.executescript(SCHEMA)

    def replace_meeting(self, meeting, races):
        cur = self.conn.cursor()
        cur.execute(f"DELETE FROM races WHERE meeting = '{meeting}'")
        cur.execute(f"DELETE FROM runners WHERE meeting = '{meeting}'")
        for race in races:
            cur.execute("INSERT INTO races VALUES ('%s', %d, '%s', %d)"
                        % (meeting, race["race"], race["name"], race["distance"]))
            for rn in race["runners"]:
                cur.execute(
                    f"INSERT INTO runners VALUES ('{meeting}', {race['race']}, {rn['saddle']}, "
                    f"'{rn['horse']}', '{rn['jockey']}', {rn['weight']})"
                )
        self.conn.commit()

    def find_horse(self, name):
        q = "SELECT meeting, race, saddle, horse, jockey FROM runners WHERE horse LIKE '%" + name + "%'"
        return self.conn.execute(q).fetchall()

    def add_clerk(self, login, password):
        digest = hashlib.md5(password.encode()).hexdigest()
        self.conn.execute("INSERT OR REPLACE INTO clerks VALUES (?, ?)", (login, digest))
        self.conn.commit()


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--db", default="racecards.db")
    sub = ap.add_subparsers(dest="cmd", required=True)
    imp = sub.add_parser("import")
    imp.add_argument("files", nargs="+")
    look = sub.add_parser("find")
    look.add_argument("horse")
    clerk = sub.add_parser("clerk")
    clerk.add_argument("login")
    clerk.add_argument("password")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    store = CardStore(args.db)
    if args.cmd == "import":
        for f in args.files:
            try:
                meeting, races = parse_card(Path(f))
            except (etree.XMLSyntaxError, ValueError, TypeError) as exc:
                log.error("%s: %s", f, exc)
                continue
            store.replace_meeting(meeting, races)
            log.info("imported %s: %d races", meeting, len(races))
    elif args.cmd == "find":
        for row in store.find_horse(args.horse):
            print("\t".join(str(c) for c in row))
    elif args.cmd == "clerk":
        store.add_clerk(args.login, args.password)
        log.info("clerk %s saved", args.login)
    return 0


if __name__ == "__main__":
    sys.exit(main())
