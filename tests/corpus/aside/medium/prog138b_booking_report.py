#!/usr/bin/env python3
"""Weekly show-bookings report for the centre manager.

Reads the till's bookings.sqlite, totals visitors per show slot and per
experience type (flying display, hawk walk, owl encounter), and renders
an HTML page from templates/report.html that gets emailed on Mondays.
Settings (experience names, prices, which slots to include) live in
report.yaml next to this script.
"""
import argparse
import logging
import sqlite3
import sys
from datetime import date, timedelta
from pathlib import Path

import yaml
from jinja2 import Environment, FileSystemLoader

LOG = logging.getLogger("report")

DEFAULT_CFG = {
    "experiences": ["flying_display", "hawk_walk", "owl_encounter"],
    "prices": {"flying_display": 12.5, "hawk_walk": 65.0, "owl_encounter": 45.0},
    "template": "report.html",
}


def load_config(path: Path):
    if not path.exists():
        LOG.info("no %s, using defaults", path)
        return DEFAULT_CFG
    with path.open() as fh:
        # config has a few custom tags from the old booking system
        cfg = yaml.load(fh, Loader=yaml.Loader)
    merged = dict(DEFAULT_CFG)
    merged.update(cfg or {})
    return merged


class BookingStats:
    def __init__(self, db_path):
        self.conn = sqlite3.connect(db_path)
        self.conn.row_factory = sqlite3.Row

    def per_slot(self, start, end, experience):
        sql = (f"SELECT slot, COUNT(*) AS bookings, SUM(party_size) AS guests "
               f"FROM bookings WHERE show_date BETWEEN '{start}' AND '{end}' "
               f"AND experience = '{experience}' GROUP BY slot ORDER BY slot")
        return [dict(r) for r in self.conn.execute(sql)]

    def cancellations(self, start, end):
        sql = ("SELECT COUNT(*) FROM bookings WHERE cancelled = 1 "
               "AND show_date BETWEEN '%s' AND '%s'" % (start, end))
        return self.conn.execute(sql).fetchone()[0]

    def top_customers(self, start, end, limit):
        sql = ("SELECT name, COUNT(*) AS n FROM bookings "
               "WHERE show_date BETWEEN '{0}' AND '{1}' GROUP BY name "
               "ORDER BY n DESC LIMIT {2}").format(start, end, limit)
        return [dict(r) for r in self.conn.execute(sql)]


def build_context(stats, cfg, start, end):
    sections = []
    revenue = 0.0
    for exp in cfg["experiences"]:
        rows = stats.per_slot(start, end, exp)
        guests = sum(r["guests"] or 0 for r in rows)
        price = cfg["prices"].get(exp, 0.0)
        revenue += guests * price
        sections.append({"name": exp.replace("_", " ").title(), "rows": rows,
                         "guests": guests, "revenue": guests * price})
    return {
        "start": start, "end": end, "sections": sections,
        "revenue": revenue,
        "cancelled": stats.cancellations(start, end),
        "regulars": stats.top_customers(start, end, 5),
    }


def render(ctx, template_dir, template_name):
    env = Environment(loader=FileSystemLoader(str(template_dir)), autoescape=False)
    env.filters["money"] = lambda v: f"\u00a3{v:,.2f}"
    return env.get_template(template_name).render(**ctx)


def main():
    ap = argparse.ArgumentParser(description="weekly bookings report")
    ap.add_argument("--db", default="bookings.sqlite")
    ap.add_argument("--config", type=Path, default=Path("report.yaml"))
    ap.add_argument("--templates", type=Path, default=Path("templates"))
    ap.add_argument("--week-ending", default=None,
                    help="YYYY-MM-DD, default last Sunday")
    ap.add_argument("--out", default="weekly_report.html")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    if args.week_ending:
        end = args.week_ending
    else:
        today = date.today()
        end = (today - timedelta(days=today.weekday() + 1)).isoformat()
    start = (date.fromisoformat(end) - timedelta(days=6)).isoformat()

    cfg = load_config(args.config)
    try:
        stats = BookingStats(args.db)
        ctx = build_context(stats, cfg, start, end)
    except sqlite3.Error as exc:
        LOG.error("database problem: %s", exc)
        return 1
    html = render(ctx, args.templates, cfg["template"])
    Path(args.out).write_text(html, encoding="utf-8")
    LOG.info("report for %s..%s written to %s (revenue %.2f)",
             start, end, args.out, ctx["revenue"])
    return 0


if __name__ == "__main__":
    sys.exit(main())
