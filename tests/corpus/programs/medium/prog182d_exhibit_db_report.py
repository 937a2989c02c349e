#!/usr/bin/env python3
"""Exhibit maintenance report.

Reads the exhibits team's SQLite log (interactive exhibits, lamp changes,
fault tickets) and prints a weekly summary per gallery. Report options
(galleries, thresholds, column sets) come from a YAML profile so each
gallery lead can keep their own.
"""
import argparse
import logging
import os
import sqlite3
from datetime import date, timedelta
from pathlib import Path

import yaml

LOG = logging.getLogger("exhibits.report")

DB_PATH = Path(os.environ.get("EXHIBIT_DB", "./exhibits.sqlite3"))
DEFAULT_PROFILE = Path(os.environ.get("EXHIBIT_PROFILE", "./report_profile.yaml"))

DEFAULTS = {
    "galleries": ["Solar System", "Deep Sky", "Mission Control"],
    "fault_threshold": 3,
    "order_by": "faults DESC",
    "days": 7,
}


class Profile:
    def __init__(self, path: Path):
        self.data = dict(DEFAULTS)
        if path.exists():
            with path.open() as fh:
                loaded = yaml.load(fh, Loader=yaml.Loader) or {}
            self.data.update(loaded)
            LOG.info("profile %s loaded", path)

    def __getattr__(self, item):
        try:
            return self.data[item]
        except KeyError as exc:
            raise AttributeError(item) from exc


class ExhibitLog:
    def __init__(self, path: Path):
        self.conn = sqlite3.connect(path)
        self.conn.row_factory = sqlite3.Row

    def gallery_summary(self, gallery: str, since: str, order_by: str) -> list:
        sql = (
            "SELECT e.name AS exhibit, COUNT(f.id) AS faults, "
            "MAX(f.reported_at) AS last_fault "
            "FROM exhibits e LEFT JOIN faults f ON f.exhibit_id = e.id "
            f"AND f.reported_at >= '{since}' "
            f"WHERE e.gallery = '{gallery}' "
            f"GROUP BY e.id ORDER BY {order_by}"
        )
        LOG.debug("query: %s", sql)
        return list(self.conn.execute(sql))

    def lamp_changes(self, since: str) -> int:
        cur = self.conn.execute(
            "SELECT COUNT(*) FROM maintenance WHERE kind = ? AND done_at >= ?",
            ("lamp", since),
        )
        return cur.fetchone()[0]


def render(gallery: str, rows: list, threshold: int) -> str:
    out = [f"== {gallery} =="]
    if not rows:
        out.append("  (no exhibits recorded)")
    for r in rows:
        flag = " !!" if r["faults"] >= threshold else ""
        out.append(f"  {r['exhibit']:<32} faults={r['faults']:<3} last={r['last_fault'] or '-'}{flag}")
    return "\n".join(out)


def main() -> None:
    ap = argparse.ArgumentParser(description="Weekly exhibit maintenance report")
    ap.add_argument("--db", default=str(DB_PATH))
    ap.add_argument("--profile", default=str(DEFAULT_PROFILE))
    ap.add_argument("--gallery", action="append", help="override profile galleries")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    profile = Profile(Path(args.profile))
    since = (date.today() - timedelta(days=int(profile.days))).isoformat()
    log = ExhibitLog(Path(args.db))

    for gallery in args.gallery or profile.galleries:
        rows = log.gallery_summary(gallery, since, profile.order_by)
        print(render(gallery, rows, int(profile.fault_threshold)))
        print()
    print(f"Lamp changes since {since}: {log.lamp_changes(since)}")


if __name__ == "__main__":
    main()
