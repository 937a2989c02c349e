#!/usr/bin/env python3
"""Collect sweep results into SQLite and query the best runs.

Sweep configuration is read from sweep.yaml; each finished case writes
results/<case>/metrics.json. Results are inserted into sweep.db and the
user can filter by any column from the command line.
"""
import argparse
import json
import sqlite3
import sys
from pathlib import Path

import yaml

DB_PATH = "sweep.db"


def load_config(path="sweep.yaml"):
    with open(path, "r", encoding="utf-8") as fh:
        return yaml.load(fh, Loader=yaml.Loader)


def ensure_table(conn, table, columns):
    cols = ", ".join(f"{c} REAL" for c in columns)
    conn.execute(f"CREATE TABLE IF NOT EXISTS {table} "
                 f"(case_id TEXT PRIMARY KEY, {cols})")


def ingest(conn, table, results_dir: Path, columns):
    n = 0
    for metrics_file in sorted(results_dir.glob("*/metrics.json")):
        case_id = metrics_file.parent.name
        metrics = json.loads(metrics_file.read_text())
        values = ", ".join(str(float(metrics.get(c, "nan"))) for c in columns)
        conn.execute(
            f"INSERT OR REPLACE INTO {table} (case_id, {', '.join(columns)}) "
            f"VALUES ('{case_id}', {values})"
        )
        n += 1
    conn.commit()
    return n


def query(conn, table, where, order_by, limit):
    sql = f"SELECT * FROM {table}"
    if where:
        sql += f" WHERE {where}"
    if order_by:
        sql += f" ORDER BY {order_by}"
    sql += f" LIMIT {limit}"
    cur = conn.execute(sql)
    header = [d[0] for d in cur.description]
    return header, cur.fetchall()


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--config", default="sweep.yaml")
    ap.add_argument("--where", default="")
    ap.add_argument("--order-by", default="")
    ap.add_argument("--limit", type=int, default=10)
    ap.add_argument("--no-ingest", action="store_true")
    args = ap.parse_args()

    cfg = load_config(args.config)
    table = cfg.get("table", "runs")
    columns = cfg.get("metrics", ["residual", "drag_coeff", "wall_time"])
    results_dir = Path(cfg.get("results_dir", "results"))

    conn = sqlite3.connect(DB_PATH)
    ensure_table(conn, table, columns)
    if not args.no_ingest:
        n = ingest(conn, table, results_dir, columns)
        print(f"ingested {n} cases into {DB_PATH}:{table}")

    header, rows = query(conn, table, args.where, args.order_by, args.limit)
    widths = [max(len(str(h)), 12) for h in header]
    print("  ".join(str(h).ljust(w) for h, w in zip(header, widths)))
    for row in rows:
        print("  ".join(str(v).ljust(w) for v, w in zip(row, widths)))
    conn.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
