#!/usr/bin/env python3
"""Yard stock export.

Exports the yard stock (packs of sawn timber by product, grade, length and
bay) from the yard database into CSV files and a JSON summary that the
sales office and the merchant portal pick up. Runs from the yard office
share as the logged-in user; use --every to keep it running during a shift.
"""
import argparse
import configparser
import csv
import json
import logging
import os
import signal
import sqlite3
import sys
import time
from datetime import datetime, timezone
from pathlib import Path

log = logging.getLogger("yardstock")

QUERY = """
SELECT p.code, p.description, k.grade, k.length_mm, k.bay, COUNT(*) AS packs,
       SUM(k.pieces) AS pieces, ROUND(SUM(k.volume_m3), 3) AS volume_m3
FROM packs k JOIN products p ON p.id = k.product_id
WHERE k.status = 'in_yard' AND k.updated_at >= ?
GROUP BY p.code, k.grade, k.length_mm, k.bay
ORDER BY p.code, k.grade, k.length_mm
"""

_running = True


def _stop(signum, _frame):
    global _running
    log.info("signal %d, finishing current export", signum)
    _running = False


def load_config(path):
    cfg = configparser.ConfigParser()
    cfg.read_dict({"service": {"interval": "900",
                               "db": "yard.db",
                               "export_dir": "exports",
                               "log": "logs/export.log",
                               "lookback_days": "365"}})
    cfg.read(path)
    return cfg["service"]


def export_once(conn, export_dir, lookback_days):
    since = time.time() - lookback_days * 86400
    rows = conn.execute(QUERY, (since,)).fetchall()
    stamp = datetime.now(timezone.utc).strftime("%Y%m%dT%H%M%SZ")
    export_dir.mkdir(parents=True, exist_ok=True)
    by_product = {}
    for row in rows:
        by_product.setdefault(row[0], []).append(row)
    for code, items in by_product.items():
        tmp = export_dir / f".{code}.csv.tmp"
        with open(tmp, "w", newline="", encoding="utf-8") as fh:
            w = csv.writer(fh)
            w.writerow(["product", "description", "grade", "length_mm", "bay",
                        "packs", "pieces", "volume_m3"])
            w.writerows(items)
        os.chmod(tmp, 0o600)
        tmp.replace(export_dir / f"{code}.csv")
    summary = {
        "generated": stamp,
        "products": {c: round(sum(r[7] or 0 for r in items), 3) for c, items in by_product.items()},
        "total_m3": round(sum(r[7] or 0 for r in rows), 3),
        "packs": sum(r[5] for r in rows),
    }
    summary_path = export_dir / "summary.json"
    summary_path.write_text(json.dumps(summary, indent=2))
    os.chmod(summary_path, 0o600)
    log.info("exported %d lines across %d products (%.1f m3)",
             len(rows), len(by_product), summary["total_m3"])


def main():
    ap = argparse.ArgumentParser(description="Yard stock export")
    ap.add_argument("-c", "--config", default="yardstock.ini")
    ap.add_argument("--every", action="store_true", help="keep exporting every interval")
    args = ap.parse_args()

    svc = load_config(args.config)
    log_path = Path(svc["log"])
    log_path.parent.mkdir(parents=True, exist_ok=True)
    logging.basicConfig(filename=str(log_path), level=logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    signal.signal(signal.SIGTERM, _stop)
    signal.signal(signal.SIGINT, _stop)

    try:
        conn = sqlite3.connect(f"file:{svc['db']}?mode=ro", uri=True)
    except (KeyError, sqlite3.Error) as exc:
        log.error("startup failed: %s", exc)
        return 1

    export_dir = Path(svc["export_dir"])
    interval = int(svc["interval"])
    while _running:
        try:
            export_once(conn, export_dir, int(svc["lookback_days"]))
        except (sqlite3.Error, OSError) as exc:
            log.error("export failed: %s", exc)
        if not args.every:
            break
        for _ in range(interval):
            if not _running:
                break
            time.sleep(1)
    conn.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
