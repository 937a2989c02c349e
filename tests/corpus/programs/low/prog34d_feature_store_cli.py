#!/usr/bin/env python3
"""Tiny local feature store backed by SQLite.

    feature_store.py ingest customers.csv --entity customer_id
    feature_store.py get --entity customer_id --ids 17 42 --features tenure,spend_30d
    feature_store.py export --features tenure,spend_30d --out train_features.csv

All state lives in ./feature_store.db. Feature and entity names are checked
against the registry table before they are used as identifiers; values are
always passed as bound parameters.
"""
import argparse
import csv
import json
import logging
import sqlite3
import sys
from contextlib import closing
from pathlib import Path

DB_PATH = Path("feature_store.db")
log = logging.getLogger("featurestore")

LOOKUP_SQL = """
SELECT entity_id, feature, value FROM feature_values
WHERE entity = ?
  AND entity_id IN (SELECT value FROM json_each(?))
  AND feature IN (SELECT value FROM json_each(?))
"""

SCHEMA = """
CREATE TABLE IF NOT EXISTS registry (
    feature TEXT PRIMARY KEY,
    entity  TEXT NOT NULL,
    dtype   TEXT NOT NULL,
    created TEXT DEFAULT CURRENT_TIMESTAMP
);
CREATE TABLE IF NOT EXISTS feature_values (
    entity    TEXT NOT NULL,
    entity_id TEXT NOT NULL,
    feature   TEXT NOT NULL,
    value     REAL,
    PRIMARY KEY (entity, entity_id, feature)
);
"""


def connect() -> sqlite3.Connection:
    conn = sqlite3.connect(DB_PATH)
    conn.executescript(SCHEMA)
    return conn


def infer_dtype(values):
    try:
        for v in values:
            if v != "":
                float(v)
        return "float"
    except ValueError:
        return "text"


def ingest(conn, csv_path: Path, entity: str) -> int:
    with csv_path.open(newline="") as fh:
        rows = list(csv.DictReader(fh))
    if not rows or entity not in rows[0]:
        raise ValueError(f"{csv_path} has no column {entity!r}")
    features = [c for c in rows[0] if c != entity]
    count = 0
    with conn:
        for feat in features:
            dtype = infer_dtype(r[feat] for r in rows)
            if dtype != "float":
                log.warning("skipping non-numeric feature %s", feat)
                continue
            conn.execute(
                "INSERT OR REPLACE INTO registry(feature, entity, dtype) VALUES (?, ?, ?)",
                (feat, entity, dtype),
            )
            conn.executemany(
                "INSERT OR REPLACE INTO feature_values VALUES (?, ?, ?, ?)",
                [(entity, r[entity], feat, float(r[feat]) if r[feat] else None) for r in rows],
            )
            count += len(rows)
    return count


def registered(conn, entity: str, features):
    known = {row[0] for row in conn.execute(
        "SELECT feature FROM registry WHERE entity = ?", (entity,))}
    unknown = [f for f in features if f not in known]
    if unknown:
        raise KeyError(f"unregistered features for {entity}: {', '.join(unknown)}")
    return features


def get_vectors(conn, entity: str, ids, features):
    registered(conn, entity, features)
    out = {i: dict.fromkeys(features) for i in ids}
    rows = conn.execute(LOOKUP_SQL, (entity, json.dumps(list(ids)), json.dumps(list(features))))
    for eid, feat, value in rows:
        out[eid][feat] = value
    return out


def export(conn, entity: str, features, out_path: Path) -> int:
    registered(conn, entity, features)
    ids = [r[0] for r in conn.execute(
        "SELECT DISTINCT entity_id FROM feature_values WHERE entity = ? ORDER BY entity_id",
        (entity,))]
    vectors = get_vectors(conn, entity, ids, features) if ids else {}
    with out_path.open("w", newline="") as fh:
        w = csv.writer(fh)
        w.writerow([entity, *features])
        for eid in ids:
            w.writerow([eid, *(vectors[eid][f] for f in features)])
    return len(ids)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = ap.add_subparsers(dest="cmd", required=True)
    p_in = sub.add_parser("ingest")
    p_in.add_argument("csv", type=Path)
    p_in.add_argument("--entity", required=True)
    p_get = sub.add_parser("get")
    p_get.add_argument("--entity", required=True)
    p_get.add_argument("--ids", nargs="+", required=True)
    p_get.add_argument("--features", required=True)
    p_ex = sub.add_parser("export")
    p_ex.add_argument("--entity", default="customer_id")
    p_ex.add_argument("--features", required=True)
    p_ex.add_argument("--out", type=Path, default=Path("features.csv"))
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    try:
        with closing(connect()) as conn:
            if args.cmd == "ingest":
                log.info("ingested %d values", ingest(conn, args.csv, args.entity))
            elif args.cmd == "get":
                feats = args.features.split(",")
                for eid, vec in get_vectors(conn, args.entity, args.ids, feats).items():
                    print(eid, vec)
            else:
                feats = args.features.split(",")
                n = export(conn, args.entity, feats, args.out)
                log.info("exported %d rows to %s", n, args.out)
    except (KeyError, ValueError, sqlite3.Error) as exc:
        log.error("%s", exc)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
