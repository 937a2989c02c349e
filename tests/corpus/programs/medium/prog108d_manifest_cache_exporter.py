#!/usr/bin/env python3
"""Passenger manifest exporter for the ferry ticket office.

Reads the ticketing SQLite database and writes per-sailing passenger
manifests in the port authority's semicolon-delimited format (PA spec v3),
plus a summary line per sailing for the harbour master's daily return.
Query results are cached per day so re-exports after a late check-in
correction do not hammer the live till database.
"""
import argparse
import logging
import pickle
import sqlite3
import sys
from datetime import date
from pathlib import Path

log = logging.getLogger("manifest")

CACHE_DIR = Path(".manifest_cache")

HEADER = ["sailing", "seq", "surname", "given", "nationality", "doc_no", "dob", "vehicle_reg"]

QUERY_SAILINGS = """
SELECT s.id, s.route, s.depart_at, s.vessel
FROM sailings s
WHERE date(s.depart_at) = ?
ORDER BY s.depart_at
"""

QUERY_PAX = """
SELECT p.surname, p.given_names, p.nationality, p.doc_number, p.dob, v.registration
FROM tickets t
JOIN passengers p ON p.id = t.passenger_id
LEFT JOIN vehicles v ON v.ticket_id = t.id
WHERE t.sailing_id = ? AND t.status = 'CHECKED_IN'
ORDER BY p.surname, p.given_names
"""


def format_row(row, sep=";"):
    return sep.join("" if v is None else str(v).replace(sep, ",") for v in row)


class ManifestExporter:
    def __init__(self, db_path, out_dir, use_cache=True):
        self.db_path = db_path
        self.out_dir = Path(out_dir)
        self.use_cache = use_cache
        self.out_dir.mkdir(parents=True, exist_ok=True)

    def _connect(self):
        conn = sqlite3.connect(f"file:{self.db_path}?mode=ro", uri=True)
        conn.row_factory = sqlite3.Row
        return conn

    def _cache_path(self, day):
        return CACHE_DIR / f"{day.isoformat()}.pkl"

    def _query_day(self, day):
        data = []
        with self._connect() as conn:
            for s in conn.execute(QUERY_SAILINGS, (day.isoformat(),)):
                pax = [dict(r) for r in conn.execute(QUERY_PAX, (s["id"],))]
                data.append({"sailing": dict(s), "pax": pax})
        return data

    def load_day(self, day, refresh=False):
        cp = self._cache_path(day)
        if self.use_cache and cp.exists() and not refresh:
            with open(cp, "rb") as fh:
                log.info("using cached query results %s", cp)
                return pickle.load(fh)
        data = self._query_day(day)
        if self.use_cache:
            CACHE_DIR.mkdir(exist_ok=True)
            with open(cp, "wb") as fh:
                pickle.dump(data, fh, protocol=pickle.HIGHEST_PROTOCOL)
        return data

    def export_sailing(self, entry):
        s, rows = entry["sailing"], entry["pax"]
        name = f"{s['depart_at'][:10]}_{s['route']}_{s['id']}.txt"
        path = self.out_dir / name
        with open(path, "w", encoding="utf-8", newline="\r\n") as fh:
            fh.write(format_row(HEADER) + "\n")
            for seq, r in enumerate(rows, 1):
                fh.write(format_row([
                    s["id"], seq, r["surname"].upper(), r["given_names"],
                    r["nationality"], r["doc_number"], r["dob"], r["registration"],
                ]) + "\n")
        log.info("wrote %s (%d passengers)", path, len(rows))
        return len(rows)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--db", default="ticketing.sqlite3")
    ap.add_argument("--out", default="manifests")
    ap.add_argument("--day", type=date.fromisoformat, default=date.today())
    ap.add_argument("--refresh", action="store_true", help="ignore cached results")
    ap.add_argument("--no-cache", action="store_true")
    ap.add_argument("-q", "--quiet", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.WARNING if args.quiet else logging.INFO,
                        format="%(levelname)s %(message)s")

    if not Path(args.db).exists():
        log.error("database %s not found", args.db)
        return 2

    exp = ManifestExporter(args.db, args.out, use_cache=not args.no_cache)
    try:
        day_data = exp.load_day(args.day, refresh=args.refresh)
    except (pickle.UnpicklingError, EOFError) as exc:
        log.warning("cache unreadable (%s), querying database", exc)
        day_data = exp.load_day(args.day, refresh=True)

    total = 0
    summary = []
    for entry in day_data:
        n = exp.export_sailing(entry)
        total += n
        s = entry["sailing"]
        summary.append(format_row([s["id"], s["route"], s["depart_at"], s["vessel"], n]))
    (Path(args.out) / f"{args.day}_daily_return.txt").write_text("\n".join(summary) + "\n")
    log.info("%d sailings, %d passengers exported", len(summary), total)
    return 0


if __name__ == "__main__":
    sys.exit(main())
