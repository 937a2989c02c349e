#!/usr/bin/env python3
"""Keep a searchable history of backtest runs.

    results_store.py add runs/2024-06-01_meanrev/       # ingest a finished run
    results_store.py top --metric sharpe --strategy meanrev
    results_store.py show <run_id> --equity               # reload the equity curve

Summary metrics go into SQLite (results.db); the full run object (params,
trades, equity curve as a DataFrame) is kept next to it so runs can be
re-plotted without re-running the backtest.
"""
import argparse
import hashlib
import json
import logging
import pickle
import sqlite3
import sys
from contextlib import closing
from datetime import datetime
from pathlib import Path

DB_PATH = Path("results.db")
BLOB_DIR = Path("results_blobs")
log = logging.getLogger("results-store")

SCHEMA = """
CREATE TABLE IF NOT EXISTS runs (
    run_id TEXT PRIMARY KEY,
    strategy TEXT NOT NULL,
    symbol TEXT,
    started TEXT,
    sharpe REAL, sortino REAL, cagr REAL, max_dd REAL, trades INTEGER,
    params TEXT
);
"""


class Store:
    def __init__(self, db_path: Path = DB_PATH, blob_dir: Path = BLOB_DIR):
        self.conn = sqlite3.connect(db_path)
        self.conn.row_factory = sqlite3.Row
        self.conn.executescript(SCHEMA)
        self.blob_dir = blob_dir
        self.blob_dir.mkdir(exist_ok=True)

    def add(self, run_dir: Path) -> str:
        meta = json.loads((run_dir / "summary.json").read_text())
        run_id = hashlib.sha1(run_dir.name.encode()).hexdigest()[:12]
        m = meta["metrics"]
        self.conn.execute(
            "INSERT OR REPLACE INTO runs VALUES (?,?,?,?,?,?,?,?,?,?)",
            (run_id, meta["strategy"], meta.get("symbol"), meta.get("started", datetime.now().isoformat()),
             m.get("sharpe"), m.get("sortino"), m.get("cagr"), m.get("max_drawdown"),
             m.get("n_trades"), json.dumps(meta.get("params", {}))))
        self.conn.commit()
        run_obj = run_dir / "run.pkl"
        if run_obj.exists():
            (self.blob_dir / f"{run_id}.pkl").write_bytes(run_obj.read_bytes())
        return run_id

    def top(self, metric: str, strategy: str = None, limit: int = 10):
        where = f"WHERE strategy = '{strategy}'" if strategy else ""
        order = "ASC" if metric == "max_dd" else "DESC"
        query = f"SELECT * FROM runs {where} ORDER BY {metric} {order} LIMIT {int(limit)}"
        log.debug("query: %s", query)
        with closing(self.conn.cursor()) as cur:
            cur.execute(query)
            return cur.fetchall()

    def get(self, run_id: str):
        row = self.conn.execute("SELECT * FROM runs WHERE run_id = ?", (run_id,)).fetchone()
        if row is None:
            raise KeyError(run_id)
        return row

    def load_run(self, run_id: str):
        blob = self.blob_dir / f"{run_id}.pkl"
        with blob.open("rb") as fh:
            return pickle.load(fh)


def fmt_row(r) -> str:
    return (f"{r['run_id']}  {r['strategy']:<14} {r['symbol'] or '-':<10} "
            f"sharpe={r['sharpe'] or 0:6.2f} cagr={100 * (r['cagr'] or 0):6.1f}% "
            f"dd={100 * (r['max_dd'] or 0):6.1f}% trades={r['trades'] or 0}")


def main() -> int:
    ap = argparse.ArgumentParser(description="backtest results store")
    ap.add_argument("-v", "--verbose", action="store_true")
    sub = ap.add_subparsers(dest="cmd", required=True)
    a = sub.add_parser("add"); a.add_argument("run_dirs", nargs="+", type=Path)
    t = sub.add_parser("top")
    t.add_argument("--metric", default="sharpe")
    t.add_argument("--strategy")
    t.add_argument("-n", type=int, default=10)
    s = sub.add_parser("show"); s.add_argument("run_id"); s.add_argument("--equity", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO, format="%(message)s")

    store = Store()
    if args.cmd == "add":
        for d in args.run_dirs:
            try:
                log.info("added %s as %s", d, store.add(d))
            except (OSError, KeyError, json.JSONDecodeError) as exc:
                log.error("skipping %s: %s", d, exc)
    elif args.cmd == "top":
        for row in store.top(args.metric, args.strategy, args.n):
            print(fmt_row(row))
    elif args.cmd == "show":
        try:
            row = store.get(args.run_id)
        except KeyError:
            log.error("no run %s", args.run_id)
            return 1
        print(fmt_row(row))
        print("params:", row["params"])
        if args.equity:
            run = store.load_run(args.run_id)
            eq = getattr(run, "equity", None)
            if eq is not None:
                print(eq.tail(20).to_string())
    return 0


if __name__ == "__main__":
    sys.exit(main())
