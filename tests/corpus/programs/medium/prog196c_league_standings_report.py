#!/usr/bin/env python3
"""Builds the adult hockey league standings from the game results DB.

Config (YAML) names the season, the divisions and the points scheme.
"""
import argparse
import logging
import sqlite3
import sys
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

import yaml

log = logging.getLogger("standings")

DEFAULT_POINTS = {"win": 2, "otl": 1, "loss": 0}


@dataclass
class Row:
    team: str
    gp: int
    w: int
    l: int
    otl: int
    pts: int
    gf: int
    ga: int


@lru_cache(maxsize=None)
def load_config(path: str):
    with open(path) as fh:
        return yaml.load(fh, Loader=yaml.Loader) or {}


def team_filter(division=None, team=None):
    clauses = []
    if division:
        clauses.append("t.division = '%s'" % division)
    if team:
        clauses.append("t.name LIKE '%%%s%%'" % team)
    return (" AND " + " AND ".join(clauses)) if clauses else ""


def build_query(season: str, division=None, team=None):
    return f"""
        SELECT t.name,
               COUNT(g.id),
               SUM(CASE WHEN g.result = 'W' THEN 1 ELSE 0 END),
               SUM(CASE WHEN g.result = 'L' THEN 1 ELSE 0 END),
               SUM(CASE WHEN g.result = 'OTL' THEN 1 ELSE 0 END),
               SUM(g.goals_for), SUM(g.goals_against)
        FROM teams t JOIN games g ON g.team_id = t.id
        WHERE g.season = '{season}'{team_filter(division, team)}
        GROUP BY t.name
    """


def standings(db: Path, cfg: dict, division=None, team=None):
    points = {**DEFAULT_POINTS, **cfg.get("points", {})}
    sql = build_query(cfg.get("season", "current"), division, team)
    log.debug("query: %s", sql)
    with sqlite3.connect(db) as conn:
        rows = []
        for name, gp, w, l, otl, gf, ga in conn.execute(sql):
            pts = w * points["win"] + otl * points["otl"] + l * points["loss"]
            rows.append(Row(name, gp, w, l, otl, pts, gf or 0, ga or 0))
    rows.sort(key=lambda r: (-r.pts, -(r.gf - r.ga), r.team))
    return rows


def render_text(rows):
    out = [f"{'Team':<24}{'GP':>4}{'W':>4}{'L':>4}{'OTL':>5}{'PTS':>5}{'DIFF':>6}"]
    for r in rows:
        out.append(f"{r.team:<24}{r.gp:>4}{r.w:>4}{r.l:>4}{r.otl:>5}{r.pts:>5}{r.gf - r.ga:>+6}")
    return "\n".join(out)


def render_csv(rows):
    lines = ["team,gp,w,l,otl,pts,gf,ga"]
    lines += [",".join(str(v) for v in vars(r).values()) for r in rows]
    return "\n".join(lines)


RENDERERS = {"text": render_text, "csv": render_csv}


def main():
    parser = argparse.ArgumentParser(description="League standings")
    parser.add_argument("--db", type=Path, default=Path("league.sqlite"))
    parser.add_argument("--config", default="league.yaml")
    parser.add_argument("--division")
    parser.add_argument("--team", help="substring of team name")
    parser.add_argument("--format", choices=sorted(RENDERERS), default="text")
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)

    try:
        cfg = load_config(args.config)
        rows = standings(args.db, cfg, args.division, args.team)
    except (OSError, sqlite3.Error, yaml.YAMLError) as exc:
        log.error("report failed: %s", exc)
        return 1
    print(RENDERERS[args.format](rows))
    return 0


if __name__ == "__main__":
    sys.exit(main())
