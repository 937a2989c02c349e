#!/usr/bin/env python3
"""Load timer and finish-token exports into the event results database.

Each timing vendor exports a slightly different CSV layout.  The parsers for
the vendors we use are built in below; column mappings and event metadata
are kept in importer.yaml next to the database.

    results_loader.py --event 412 --vendor freelap timer.csv tokens.csv
"""

import argparse
import csv
import logging
import sqlite3
import sys
from datetime import date
from pathlib import Path

import yaml

log = logging.getLogger("results_loader")

DEFAULT_DB = Path("results.sqlite3")

SCHEMA = """
CREATE TABLE IF NOT EXISTS finishers (
    event_no     INTEGER NOT NULL,
    position     INTEGER NOT NULL,
    athlete_id   TEXT,
    name         TEXT,
    seconds      INTEGER NOT NULL,
    age_category TEXT,
    PRIMARY KEY (event_no, position)
);
"""


def load_config(path):
    """Read importer.yaml (column maps, category rules, event names)."""
    with open(path, encoding="utf-8") as fh:
        cfg = yaml.load(fh, Loader=yaml.Loader) or {}
    cfg.setdefault("column_maps", {})
    return cfg


def _to_seconds(text):
    parts = [int(p) for p in text.strip().split(":")]
    secs = 0
    for p in parts:
        secs = secs * 60 + p
    return secs


def parse_freelap(rows, mapping, kind):
    header, *body = rows
    idx = {name.strip().lower(): i for i, name in enumerate(header)}
    pos_col = idx[mapping.get("position", "place").lower()]
    if kind == "timer":
        t_col = idx[mapping.get("time", "elapsed").lower()]
        for r in body:
            yield {"position": int(r[pos_col]), "seconds": _to_seconds(r[t_col])}
    else:
        id_col = idx[mapping.get("athlete_id", "barcode").lower()]
        name_col = idx.get(mapping.get("name", "name").lower())
        for r in body:
            yield {"position": int(r[pos_col]), "athlete_id": r[id_col].strip().upper(),
                   "name": r[name_col] if name_col is not None else None}


def parse_stopwatch_app(rows, mapping, kind):
    # The volunteer stopwatch app exports "P0001,00:17:42" with no header.
    for r in rows:
        if not r or not r[0].startswith("P"):
            continue
        pos = int(r[0][1:])
        if kind == "timer":
            yield {"position": pos, "seconds": _to_seconds(r[1])}
        else:
            yield {"position": pos, "athlete_id": r[1].strip().upper(), "name": None}


PARSERS = {"freelap": parse_freelap, "stopwatch": parse_stopwatch_app}


def read_csv(path):
    with open(path, newline="", encoding="utf-8-sig") as fh:
        return list(csv.reader(fh))


def merge(timer_rows, token_rows):
    """Pair the N-th time with the N-th finish token."""
    by_pos = {r["position"]: dict(r) for r in token_rows}
    for t in timer_rows:
        row = by_pos.setdefault(t["position"], {"position": t["position"]})
        row["seconds"] = t["seconds"]
    missing = [p for p, r in by_pos.items() if "seconds" not in r]
    if missing:
        log.warning("%d tokens without a time: %s", len(missing), missing[:10])
    return [r for r in sorted(by_pos.values(), key=lambda r: r["position"]) if "seconds" in r]


def store(db_path, event_no, rows):
    con = sqlite3.connect(db_path)
    try:
        con.executescript(SCHEMA)
        with con:
            con.execute("DELETE FROM finishers WHERE event_no = ?", (event_no,))
            con.executemany(
                "INSERT INTO finishers VALUES (?, ?, ?, ?, ?, ?)",
                [
                    (event_no, r["position"], r.get("athlete_id"), r.get("name"),
                     r["seconds"], r.get("age_category"))
                    for r in rows
                ],
            )
    finally:
        con.close()
    return len(rows)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("timer_csv", type=Path)
    ap.add_argument("tokens_csv", type=Path)
    ap.add_argument("--event", type=int, required=True, help="event number")
    ap.add_argument("--vendor", default="freelap", choices=sorted(PARSERS))
    ap.add_argument("--config", type=Path, default=Path("importer.yaml"))
    ap.add_argument("--db", type=Path, default=DEFAULT_DB)
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)

    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    cfg = load_config(args.config) if args.config.exists() else {"column_maps": {}}
    mapping = cfg["column_maps"].get(args.vendor, {})
    parser = PARSERS[args.vendor]

    try:
        timer_rows = list(parser(read_csv(args.timer_csv), mapping, kind="timer"))
        token_rows = list(parser(read_csv(args.tokens_csv), mapping, kind="tokens"))
    except (OSError, KeyError, IndexError, ValueError) as exc:
        log.error("import failed: %s", exc)
        return 1

    rows = merge(timer_rows, token_rows)
    n = store(args.db, args.event, rows)
    log.info("event %d (%s): stored %d finishers", args.event, date.today(), n)
    return 0


if __name__ == "__main__":
    sys.exit(main())
