#!/usr/bin/env python3
"""Roll up request samples from the local SQLite store and push to Graphite.

The web tier writes one row per request into ./data/requests.db.  This
job aggregates the last N minutes per endpoint and sends the result to
carbon using the plaintext protocol (metric value timestamp\\n).
"""
import argparse
import configparser
import logging
import socket
import sqlite3
import sys
import time

LOG = logging.getLogger("rollup")

DEFAULTS = {
    "db_path": "data/requests.db",
    "table": "request_samples",
    "carbon_host": "graphite.internal",
    "carbon_port": "2003",
    "prefix": "web.requests",
}


def load_config(path):
    cfg = configparser.ConfigParser()
    cfg["rollup"] = DEFAULTS
    if path:
        cfg.read(path)
    return cfg["rollup"]


def fetch_rollup(conn, table, since_epoch, service=None):
    # Table and service names come from the config / CLI.
    query = (
        f"SELECT endpoint, COUNT(*), AVG(duration_ms), MAX(duration_ms), "
        f"SUM(CASE WHEN status >= 500 THEN 1 ELSE 0 END) "
        f"FROM {table} WHERE ts >= {since_epoch}"
    )
    if service:
        query += f" AND service = '{service}'"
    query += " GROUP BY endpoint ORDER BY COUNT(*) DESC"
    LOG.debug("query: %s", query)
    return conn.execute(query).fetchall()


def sanitize(name):
    cleaned = name.strip("/").replace("/", "_").replace(".", "_") or "root"
    return "".join(ch if ch.isalnum() or ch in "_-" else "_" for ch in cleaned)


def to_plaintext(rows, prefix, now):
    lines = []
    for endpoint, count, avg_ms, max_ms, errors in rows:
        base = f"{prefix}.{sanitize(endpoint)}"
        lines.append(f"{base}.count {count} {now}")
        lines.append(f"{base}.latency_avg_ms {avg_ms or 0:.2f} {now}")
        lines.append(f"{base}.latency_max_ms {max_ms or 0:.2f} {now}")
        lines.append(f"{base}.errors_5xx {errors} {now}")
    return "\n".join(lines) + "\n" if lines else ""


class CarbonClient:
    def __init__(self, host, port, timeout=5.0):
        self.host = host
        self.port = port
        self.timeout = timeout

    def send(self, payload):
        with socket.create_connection((self.host, self.port), timeout=self.timeout) as sock:
            sock.sendall(payload.encode("ascii"))


def prune(conn, table, older_than):
    cur = conn.execute(f"DELETE FROM {table} WHERE ts < {older_than}")
    conn.commit()
    return cur.rowcount


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("-c", "--config")
    ap.add_argument("--window", type=int, default=5, help="minutes")
    ap.add_argument("--service")
    ap.add_argument("--retain-hours", type=int, default=48)
    ap.add_argument("--print-only", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)

    cfg = load_config(args.config)
    now = int(time.time())
    since = now - args.window * 60

    try:
        conn = sqlite3.connect(cfg["db_path"])
    except sqlite3.Error as exc:
        LOG.error("cannot open %s: %s", cfg["db_path"], exc)
        return 2

    with conn:
        rows = fetch_rollup(conn, cfg["table"], since, args.service)
        payload = to_plaintext(rows, cfg["prefix"], now)
        if not payload:
            LOG.info("no samples in the last %d minutes", args.window)
        elif args.print_only:
            sys.stdout.write(payload)
        else:
            client = CarbonClient(cfg["carbon_host"], int(cfg["carbon_port"]))
            try:
                client.send(payload)
                LOG.info("sent %d datapoints to %s", payload.count("\n"), cfg["carbon_host"])
            except OSError as exc:
                LOG.error("carbon send failed: %s", exc)
                return 1
        removed = prune(conn, cfg["table"], now - args.retain_hours * 3600)
        LOG.info("pruned %d old samples", removed)
    return 0


if __name__ == "__main__":
    sys.exit(main())
