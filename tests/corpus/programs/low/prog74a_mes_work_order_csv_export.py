#!/usr/bin/env python3
"""Export completed work orders from the line's MES cache to the plant MES.

The line controller keeps a local SQLite cache of work orders (mes_cache.db).
This exporter picks up orders completed since the last run, writes them to a
CSV for the shift report and posts them as a JSON batch to the plant MES
import endpoint. The last exported id is kept in export_state.json.
"""
import argparse
import configparser
import csv
import json
import logging
import os
import socket
import sqlite3
import sys
from datetime import datetime
from pathlib import Path
from urllib.parse import urlsplit

import requests

log = logging.getLogger("mes-export")

QUERY = """
SELECT wo.id, wo.order_no, wo.part_no, wo.qty_good, wo.qty_scrap,
       wo.started_at, wo.completed_at, wo.operator
FROM work_orders AS wo
WHERE wo.status = 'COMPLETE' AND wo.id > ? AND wo.line = ?
ORDER BY wo.id
LIMIT ?
"""
COLUMNS = ["id", "order_no", "part_no", "qty_good", "qty_scrap",
           "started_at", "completed_at", "operator"]


def read_settings(path):
    cfg = configparser.ConfigParser()
    cfg.read(path)
    return {
        "db": cfg.get("cache", "db", fallback="mes_cache.db"),
        "line": cfg.get("cache", "line", fallback="L3"),
        "mes_url": cfg.get("mes", "url", fallback="https://mes.plant.example/api/v2/import"),
        "batch": cfg.getint("mes", "batch_size", fallback=200),
        "out_dir": cfg.get("export", "out_dir", fallback="./exports"),
    }


def load_state(path):
    try:
        return json.loads(Path(path).read_text())["last_id"]
    except (FileNotFoundError, KeyError, json.JSONDecodeError):
        return 0


def save_state(path, last_id):
    Path(path).write_text(json.dumps({"last_id": last_id,
                                      "saved": datetime.now().isoformat()}))


def ensure_mes_resolves(url):
    host = urlsplit(url).hostname
    try:
        addr = socket.gethostbyname(host)
        log.debug("%s -> %s", host, addr)
        return True
    except socket.gaierror as exc:
        log.error("cannot resolve MES host %s (%s); check the line DNS forwarder", host, exc)
        return False


def fetch_orders(db_path, line, since_id, limit):
    with sqlite3.connect(db_path) as conn:
        conn.row_factory = sqlite3.Row
        rows = conn.execute(QUERY, (since_id, line, limit)).fetchall()
    return [dict(r) for r in rows]


def write_csv(out_dir, line, orders):
    out = Path(out_dir)
    out.mkdir(parents=True, exist_ok=True)
    path = out / f"work_orders_{line}_{datetime.now():%Y%m%d_%H%M%S}.csv"
    with open(path, "w", newline="") as fh:
        w = csv.DictWriter(fh, fieldnames=COLUMNS)
        w.writeheader()
        w.writerows(orders)
    return path


def post_orders(url, line, orders):
    key = os.environ["MES_API_KEY"]
    resp = requests.post(url, json={"line": line, "orders": orders},
                         headers={"X-Api-Key": key}, timeout=20)
    resp.raise_for_status()
    return resp.json().get("accepted", len(orders))


def main(argv=None):
    ap = argparse.ArgumentParser(description="MES work order exporter")
    ap.add_argument("-c", "--config", default="mes_export.ini")
    ap.add_argument("--state", default="export_state.json")
    ap.add_argument("--csv-only", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    s = read_settings(args.config)
    since = load_state(args.state)
    orders = fetch_orders(s["db"], s["line"], since, s["batch"])
    if not orders:
        log.info("nothing new since id %d", since)
        return 0

    path = write_csv(s["out_dir"], s["line"], orders)
    log.info("wrote %d orders to %s", len(orders), path)
    if args.csv_only:
        return 0

    if not ensure_mes_resolves(s["mes_url"]):
        return 3
    try:
        accepted = post_orders(s["mes_url"], s["line"], orders)
    except (requests.RequestException, KeyError) as exc:
        log.error("MES import failed: %s", exc)
        return 1
    save_state(args.state, orders[-1]["id"])
    log.info("MES accepted %s of %d orders", accepted, len(orders))
    return 0


if __name__ == "__main__":
    sys.exit(main())
