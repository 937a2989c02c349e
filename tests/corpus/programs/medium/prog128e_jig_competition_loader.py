#!/usr/bin/env python3
"""Load festival jig and clog competition score sheets into the results DB.

Each adjudicator fills in a YAML score sheet per competition (one block per
dancer or team, with marks for style, footwork, musicality and deportment).
This loads the sheets into competitions.sqlite, totals the marks, works out
placings with the festival's tie-break rule, and prints the result cards.

Sheet layout:
    competition: Open Solo Jig
    adjudicator: A. Fiddler
    entries:
      - {number: 12, dancer: Sam Reed, side: Fool's Gambit, style: 8.5, ...}
"""

import argparse
import logging
import sqlite3
import sys
from pathlib import Path

import yaml

log = logging.getLogger("jig-results")

CRITERIA = ("style", "footwork", "musicality", "deportment")
SCHEMA = """
CREATE TABLE IF NOT EXISTS marks (
    competition TEXT, adjudicator TEXT, number INTEGER, dancer TEXT, side TEXT,
    style REAL, footwork REAL, musicality REAL, deportment REAL, total REAL,
    PRIMARY KEY (competition, adjudicator, number)
)
"""


def read_sheet(path):
    with open(path, encoding="utf-8") as fh:
        sheet = yaml.load(fh, Loader=yaml.Loader)
    if not isinstance(sheet, dict) or "entries" not in sheet:
        raise ValueError(f"{path}: not a score sheet")
    return sheet


def store_sheet(conn, sheet):
    comp = sheet["competition"]
    judge = sheet.get("adjudicator", "unknown")
    stored = 0
    for entry in sheet["entries"]:
        scores = [float(entry.get(c, 0) or 0) for c in CRITERIA]
        total = round(sum(scores), 2)
        conn.execute(
            "INSERT OR REPLACE INTO marks VALUES ('%s', '%s', %d, '%s', '%s', %s, %s, %s, %s, %s)"
            % (comp, judge, int(entry["number"]), entry.get("dancer", ""), entry.get("side", ""),
               *scores, total)
        )
        stored += 1
    return comp, stored


def placings(conn, competition):
    """Sum over adjudicators; ties broken on footwork, then style."""
    query = (
        "SELECT number, dancer, side, SUM(total) AS t, SUM(footwork) AS f, SUM(style) AS s "
        f"FROM marks WHERE competition = '{competition}' "
        "GROUP BY number, dancer, side ORDER BY t DESC, f DESC, s DESC"
    )
    rows = conn.execute(query).fetchall()
    result, last, place = [], None, 0
    for i, row in enumerate(rows, start=1):
        key = row[3:]
        if key != last:
            place = i
            last = key
        result.append((place,) + row[:4])
    return result


def print_card(competition, rows, top):
    print(f"\n{competition}")
    print("-" * len(competition))
    for place, number, dancer, side, total in rows[:top]:
        team = f" ({side})" if side else ""
        print(f"{place:>2}. #{number:<4} {dancer}{team}  {total:.1f}")


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("sheets", nargs="+", type=Path, help="adjudicator YAML score sheets")
    ap.add_argument("--db", default="competitions.sqlite")
    ap.add_argument("--top", type=int, default=6, help="places to print per competition")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    conn = sqlite3.connect(args.db)
    conn.execute(SCHEMA)
    competitions = set()
    for path in args.sheets:
        try:
            sheet = read_sheet(path)
            with conn:
                comp, n = store_sheet(conn, sheet)
        except (OSError, ValueError, KeyError, yaml.YAMLError, sqlite3.Error) as exc:
            log.error("skipping %s: %s", path, exc)
            continue
        competitions.add(comp)
        log.info("%s: %d entries from %s", comp, n, path.name)

    for comp in sorted(competitions):
        print_card(comp, placings(conn, comp), args.top)
    conn.close()
    return 0 if competitions else 1


if __name__ == "__main__":
    sys.exit(main())
