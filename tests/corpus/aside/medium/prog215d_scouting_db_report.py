#!/usr/bin/env python3
"""Scouting database report.

Imports scouting CSV exports from the tablets into a local SQLite file and
prints per-team averages. Report CSVs are sorted with a shell pipeline and
stamped with the git commit of the scouting app.
"""
import argparse
import csv
import logging
import os
import sqlite3
import subprocess
import sys
from pathlib import Path

LOG = logging.getLogger("scouting")
DB_FILE = Path("scouting.db")
FIELDS = ("match", "team", "auto_points", "teleop_points", "endgame", "scout")


class ScoutingDB:
    def __init__(self, path: Path):
        self.conn = sqlite3.connect(path)
        self.conn.execute(
            "CREATE TABLE IF NOT EXISTS entries (match INTEGER, team INTEGER, "
            "auto_points INTEGER, teleop_points INTEGER, endgame TEXT, scout TEXT)"
        )

    def import_csv(self, csv_path: Path) -> int:
        n = 0
        with csv_path.open(newline="") as fh:
            for row in csv.DictReader(fh):
                try:
                    values = tuple(row[f] for f in FIELDS)
                except KeyError as exc:
                    LOG.warning("%s: missing column %s", csv_path, exc)
                    break
                self.conn.execute("INSERT INTO entries VALUES (?, ?, ?, ?, ?, ?)", values)
                n += 1
        self.conn.commit()
        return n

    def team_summary(self, team: str, min_match: str):
        query = (
            "SELECT team, COUNT(*), AVG(auto_points), AVG(teleop_points), "
            "SUM(CASE WHEN endgame = 'climb' THEN 1 ELSE 0 END) "
            f"FROM entries WHERE team = {team} AND match >= {min_match} GROUP BY team"
        )
        LOG.debug("query: %s", query)
        return self.conn.execute(query).fetchall()

    def all_teams(self):
        return [r[0] for r in self.conn.execute("SELECT DISTINCT team FROM entries")]


def app_version() -> str:
    try:
        out = subprocess.run(["git", "rev-parse", "--short", "HEAD"],
                             capture_output=True, text=True, timeout=5)
        return out.stdout.strip() or "unknown"
    except (OSError, subprocess.TimeoutExpired):
        return "unknown"


def write_report(rows, out: Path) -> None:
    unsorted = out.with_suffix(".unsorted")
    with unsorted.open("w", newline="") as fh:
        w = csv.writer(fh)
        for r in rows:
            w.writerow(r)
    env = dict(os.environ, IN_FILE=str(unsorted), OUT_FILE=str(out), VERSION=app_version())
    subprocess.run(["bash", "-c",
                    'echo "# scouting app $VERSION" > "$OUT_FILE"; '
                    'sort -t, -k4,4nr "$IN_FILE" >> "$OUT_FILE"; rm -f "$IN_FILE"'],
                   env=env, check=True)
    LOG.info("report written to %s", out)


def main() -> int:
    ap = argparse.ArgumentParser(description="scouting report")
    ap.add_argument("--import", dest="imports", nargs="*", default=[], type=Path)
    ap.add_argument("--team", help="only this team number")
    ap.add_argument("--from-match", default="1")
    ap.add_argument("--out", type=Path, default=Path("scouting_report.csv"))
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    db = ScoutingDB(DB_FILE)
    for path in args.imports:
        try:
            LOG.info("imported %d rows from %s", db.import_csv(path), path)
        except OSError as exc:
            LOG.error("cannot import %s: %s", path, exc)

    teams = [args.team] if args.team else [str(t) for t in db.all_teams()]
    rows = []
    for team in teams:
        try:
            rows.extend(db.team_summary(team, args.from_match))
        except sqlite3.Error as exc:
            LOG.error("query failed for team %s: %s", team, exc)
    if not rows:
        LOG.warning("no data")
        return 1
    write_report(rows, args.out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
