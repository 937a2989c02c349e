#!/usr/bin/env python3
"""replication_lag_check - watch streaming-replication lag on a PostgreSQL primary.

Polls pg_stat_replication, compares replay lag of every standby against the
thresholds in ./replcheck.json and raises a PagerDuty event when a standby
falls behind or disappears.  Designed to run in the foreground under a
process supervisor.

    PGMON_DSN="host=db1 dbname=postgres user=monitor" \
    PD_ROUTING_KEY=... ./replication_lag_check.py --interval 30
"""
import argparse
import json
import logging
import os
import signal
import socket
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

import psycopg2
import psycopg2.extras
import requests

log = logging.getLogger("replcheck")

PD_EVENTS_URL = "https://events.pagerduty.com/v2/enqueue"

LAG_SQL = """
SELECT application_name,
       client_addr::text AS client_addr,
       state,
       sync_state,
       COALESCE(EXTRACT(EPOCH FROM replay_lag), 0)::float AS replay_lag_s,
       pg_wal_lsn_diff(pg_current_wal_lsn(), replay_lsn)::bigint AS lag_bytes
  FROM pg_stat_replication
 WHERE application_name = ANY(%s) OR %s
"""


@dataclass
class Settings:
    warn_seconds: float = 30.0
    crit_seconds: float = 300.0
    crit_bytes: int = 1 << 30
    expected: list = field(default_factory=list)

    @classmethod
    def load(cls, path):
        p = Path(path)
        if not p.is_file():
            return cls()
        raw = json.loads(p.read_text())
        return cls(**{k: v for k, v in raw.items() if k in cls.__dataclass_fields__})


class Pager:
    def __init__(self, routing_key):
        self.routing_key = routing_key
        self.session = requests.Session()
        self.open_incidents = set()

    def trigger(self, key, summary, severity, details):
        if not self.routing_key:
            log.warning("no routing key, would page: %s", summary)
            return
        payload = {
            "routing_key": self.routing_key,
            "event_action": "trigger",
            "dedup_key": key,
            "payload": {
                "summary": summary,
                "source": socket.gethostname(),
                "severity": severity,
                "custom_details": details,
            },
        }
        r = self.session.post(PD_EVENTS_URL, json=payload, timeout=10)
        r.raise_for_status()
        self.open_incidents.add(key)

    def resolve(self, key):
        if key not in self.open_incidents or not self.routing_key:
            return
        r = self.session.post(PD_EVENTS_URL, timeout=10, json={
            "routing_key": self.routing_key, "event_action": "resolve", "dedup_key": key})
        r.raise_for_status()
        self.open_incidents.discard(key)


def fetch_standbys(conn, expected):
    with conn.cursor(cursor_factory=psycopg2.extras.RealDictCursor) as cur:
        cur.execute(LAG_SQL, (expected or [""], not expected))
        return cur.fetchall()


def evaluate(rows, settings, pager):
    seen = set()
    for row in rows:
        name = row["application_name"]
        seen.add(name)
        key = f"replag-{name}"
        lag_s, lag_b = row["replay_lag_s"], row["lag_bytes"] or 0
        log.info("%-20s %-10s lag=%.1fs %d bytes", name, row["state"], lag_s, lag_b)
        if lag_s >= settings.crit_seconds or lag_b >= settings.crit_bytes:
            pager.trigger(key, f"standby {name} lagging {lag_s:.0f}s", "critical", dict(row))
        elif lag_s >= settings.warn_seconds:
            pager.trigger(key, f"standby {name} lagging {lag_s:.0f}s", "warning", dict(row))
        else:
            pager.resolve(key)
    for name in set(settings.expected) - seen:
        pager.trigger(f"replag-{name}", f"standby {name} not connected", "critical", {})


def main(argv=None):
    ap = argparse.ArgumentParser(description="PostgreSQL replication lag watcher")
    ap.add_argument("--config", default="replcheck.json")
    ap.add_argument("--interval", type=float, default=30.0)
    ap.add_argument("--once", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    settings = Settings.load(args.config)
    dsn = os.environ.get("PGMON_DSN", "dbname=postgres")
    pager = Pager(os.environ.get("PD_ROUTING_KEY"))

    stop = {"flag": False}
    signal.signal(signal.SIGTERM, lambda *_: stop.update(flag=True))

    conn = None
    while not stop["flag"]:
        try:
            if conn is None or conn.closed:
                conn = psycopg2.connect(dsn, connect_timeout=10)
                conn.autocommit = True
            evaluate(fetch_standbys(conn, settings.expected), settings, pager)
        except psycopg2.Error as exc:
            log.error("database error: %s", exc)
            conn = None
        except requests.RequestException as exc:
            log.error("pager error: %s", exc)
        if args.once:
            break
        time.sleep(args.interval)
    if conn is not None:
        conn.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
