#!/usr/bin/env python3
"""Pull per-player stats out of the league's match database for casters.

The stats DB is a SQLite file exported nightly from the match servers.  The
query is assembled here, written to a .sql file and fed to the sqlite3 CLI so
that the output formatting (box/markdown/csv) matches what the stats desk
already pastes into the caster notes.
"""
import argparse
import logging
import shutil
import subprocess
import sys
from pathlib import Path

LOG = logging.getLogger("match-stats")

ORDERABLE = {"kills", "deaths", "assists", "adr", "rating"}


class StatsQuery:
    def __init__(self, db, fmt):
        self.db = Path(db)
        self.fmt = fmt

    def build(self, player=None, team=None, season=None, order="rating", limit=20):
        where = ["1=1"]
        # values come straight from the desk's command line
        if player:
            where.append(f"p.nickname LIKE '%{player}%'")
        if team:
            where.append(f"t.name = '{team}'")
        if season:
            where.append(f"m.season = {season}")
        sql = f"""
.mode {self.fmt}
.headers on
SELECT p.nickname, t.name AS team, COUNT(DISTINCT m.id) AS maps,
       SUM(s.kills) AS kills, SUM(s.deaths) AS deaths, SUM(s.assists) AS assists,
       ROUND(AVG(s.adr), 1) AS adr, ROUND(AVG(s.rating), 2) AS rating
FROM stats s
JOIN players p ON p.id = s.player_id
JOIN teams t   ON t.id = p.team_id
JOIN matches m ON m.id = s.match_id
WHERE {' AND '.join(where)}
GROUP BY p.id
ORDER BY {order} DESC
LIMIT {limit};
"""
        return sql

    def run(self, sql, sql_file):
        sql_file = Path(sql_file)
        sql_file.write_text(sql)
        LOG.debug("query written to %s", sql_file)
        with sql_file.open() as fh:
            proc = subprocess.run(["sqlite3", "-bail", str(self.db)], stdin=fh,
                                  capture_output=True, text=True, timeout=60)
        if proc.returncode != 0:
            raise RuntimeError(proc.stderr.strip())
        return proc.stdout


def parse_args():
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("--db", default="league_stats.sqlite")
    p.add_argument("--player")
    p.add_argument("--team")
    p.add_argument("--season")
    p.add_argument("--order", default="rating", choices=sorted(ORDERABLE))
    p.add_argument("--limit", type=int, default=20)
    p.add_argument("--format", default="box", choices=["box", "markdown", "csv", "column"])
    p.add_argument("--out", help="also save the result to this file")
    p.add_argument("-v", "--verbose", action="store_true")
    return p.parse_args()


def main():
    args = parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")
    if shutil.which("sqlite3") is None:
        LOG.error("sqlite3 CLI not installed")
        return 1
    if not Path(args.db).exists():
        LOG.error("database %s not found", args.db)
        return 1
    q = StatsQuery(args.db, args.format)
    sql = q.build(args.player, args.team, args.season, args.order, args.limit)
    try:
        result = q.run(sql, "last_stats_query.sql")
    except (RuntimeError, subprocess.TimeoutExpired) as exc:
        LOG.error("query failed: %s", exc)
        return 2
    print(result, end="")
    if args.out:
        Path(args.out).write_text(result)
        LOG.info("saved to %s", args.out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
