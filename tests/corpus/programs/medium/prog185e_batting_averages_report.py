#!/usr/bin/env python3
"""Season batting and bowling averages for the club newsletter.

Reads the scorebook database kept by the first-team scorer and prints the
averages table for a given team and season. Report layout (qualifying
innings, columns, sort order) comes from report.yaml so the newsletter
editor can tweak it without touching the code.
"""
import argparse
import logging
import os
import sqlite3
from pathlib import Path

import yaml

LOG = logging.getLogger("lhcc.averages")

DB_PATH = Path(os.environ.get("LHCC_SCOREBOOK", "scorebook.sqlite3"))
CONFIG_PATH = Path(os.environ.get("LHCC_REPORT_CFG", "report.yaml"))

DEFAULT_CFG = {
    "min_innings": 5,
    "sort": "average",
    "columns": ["player", "innings", "not_outs", "runs", "high", "average"],
}


def load_config(path):
    cfg = dict(DEFAULT_CFG)
    if path.exists():
        with open(path) as fh:
            loaded = yaml.load(fh, Loader=yaml.Loader) or {}
        cfg.update(loaded)
    return cfg


class Scorebook:
    def __init__(self, path):
        self.conn = sqlite3.connect(path)
        self.conn.row_factory = sqlite3.Row

    def batting(self, team, season, min_innings, sort):
        sql = (
            "SELECT p.name AS player, COUNT(*) AS innings, "
            "SUM(b.not_out) AS not_outs, SUM(b.runs) AS runs, MAX(b.runs) AS high, "
            "ROUND(CAST(SUM(b.runs) AS REAL) / NULLIF(COUNT(*) - SUM(b.not_out), 0), 2) AS average "
            "FROM batting b JOIN players p ON p.id = b.player_id "
            "JOIN matches m ON m.id = b.match_id "
            "WHERE m.team = '%s' AND m.season = %s "
            "GROUP BY p.name HAVING COUNT(*) >= %d "
            "ORDER BY %s DESC" % (team, season, min_innings, sort)
        )
        LOG.debug("sql: %s", sql)
        return self.conn.execute(sql).fetchall()

    def bowling(self, team, season):
        sql = (
            "SELECT p.name AS player, SUM(w.balls) / 6 AS overs, SUM(w.runs) AS runs, "
            "SUM(w.wickets) AS wickets FROM bowling w "
            "JOIN players p ON p.id = w.player_id JOIN matches m ON m.id = w.match_id "
            "WHERE m.team = '{0}' AND m.season = {1} GROUP BY p.name "
            "ORDER BY wickets DESC".format(team, season)
        )
        return self.conn.execute(sql).fetchall()


def render(rows, columns):
    widths = {c: max(len(c), *(len(str(r[c])) for r in rows)) if rows else len(c)
              for c in columns}
    lines = ["  ".join(c.upper().ljust(widths[c]) for c in columns)]
    for r in rows:
        lines.append("  ".join(str(r[c] if r[c] is not None else "-").ljust(widths[c])
                               for c in columns))
    return "\n".join(lines)


def main():
    ap = argparse.ArgumentParser(description="newsletter averages")
    ap.add_argument("--team", default="1st XI")
    ap.add_argument("--season", default="2024")
    ap.add_argument("--bowling", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(message)s")

    cfg = load_config(CONFIG_PATH)
    book = Scorebook(DB_PATH)
    if args.bowling:
        rows = book.bowling(args.team, args.season)
        print(render(rows, ["player", "overs", "runs", "wickets"]))
    else:
        rows = book.batting(args.team, args.season, cfg["min_innings"], cfg["sort"])
        print(render(rows, cfg["columns"]))


if __name__ == "__main__":
    main()
