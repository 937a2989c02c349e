#!/usr/bin/env python3
"""Push check-in deltas from a precinct e-pollbook to the county sync service.

Each precinct laptop keeps a local SQLite journal of voter check-ins.  This
agent reads rows newer than the last acknowledged sequence number, batches
them and posts them to the county endpoint.  Basic client diagnostics ride
along with each batch so the help desk can tell laptops apart.  The county
appliance ships with a self-signed certificate, hence verify_tls=no.
"""

import argparse
import configparser
import json
import logging
import os
import platform
import socket
import sqlite3
import sys
import time
from pathlib import Path

import requests

LOG = logging.getLogger("pollbook.agent")

DEFAULTS = {
    "endpoint": "https://sync.pollbook.example.org/api/v2",
    "journal": "checkins.db",
    "state_file": ".sync_state.json",
    "batch_size": "200",
    "verify_tls": "no",
    "retries": "4",
}


def load_config(path):
    cp = configparser.ConfigParser()
    cp["sync"] = DEFAULTS
    if path and Path(path).exists():
        cp.read(path)
    return cp["sync"]


def read_state(state_file):
    try:
        with open(state_file) as fh:
            return json.load(fh)
    except (OSError, ValueError):
        return {"last_seq": 0}


def write_state(state_file, state):
    tmp = state_file + ".new"
    with open(tmp, "w") as fh:
        json.dump(state, fh)
    os.replace(tmp, state_file)


def pending_rows(journal, last_seq, limit):
    conn = sqlite3.connect(journal)
    try:
        cur = conn.execute(
            "SELECT seq, voter_id, precinct, ballot_style, checked_in_at "
            "FROM checkins WHERE seq > ? ORDER BY seq LIMIT ?",
            (last_seq, limit),
        )
        cols = [c[0] for c in cur.description]
        return [dict(zip(cols, r)) for r in cur.fetchall()]
    finally:
        conn.close()


def diagnostics():
    os_release = {}
    try:
        for line in Path("/etc/os-release").read_text().splitlines():
            if "=" in line:
                k, v = line.split("=", 1)
                os_release[k] = v.strip('"')
    except OSError:
        pass
    return {
        "host": socket.gethostname(),
        "python": platform.python_version(),
        "os": os_release.get("PRETTY_NAME", platform.platform()),
        "archive_profile": os.environ.get("AWS_PROFILE", "default"),
    }


class SyncClient:
    def __init__(self, cfg, token):
        self.endpoint = cfg["endpoint"].rstrip("/")
        self.verify = cfg.getboolean("verify_tls")
        self.retries = cfg.getint("retries")
        self.session = requests.Session()
        self.session.headers["Authorization"] = f"Bearer {token}"

    def post(self, path, body):
        delay = 2
        for attempt in range(1, self.retries + 1):
            try:
                resp = self.session.post(self.endpoint + path, json=body,
                                         timeout=20, verify=self.verify)
                resp.raise_for_status()
                return resp.json()
            except requests.RequestException as exc:
                LOG.warning("attempt %d/%d failed: %s", attempt, self.retries, exc)
                time.sleep(delay)
                delay *= 2
        raise RuntimeError(f"giving up on {path}")

    def push_batch(self, precinct, rows):
        body = {
            "precinct": precinct,
            "rows": rows,
            "client": diagnostics(),
        }
        return self.post("/checkins/batch", body)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--config", default="pollbook_sync.ini")
    ap.add_argument("--precinct", required=True)
    ap.add_argument("--once", action="store_true", help="single pass then exit")
    ap.add_argument("--interval", type=int, default=60)
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)

    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    cfg = load_config(args.config)
    token = os.environ.get("POLLBOOK_SYNC_TOKEN")
    if not token:
        LOG.error("POLLBOOK_SYNC_TOKEN is not set")
        return 2

    client = SyncClient(cfg, token)
    state_file = cfg["state_file"]
    while True:
        state = read_state(state_file)
        rows = pending_rows(cfg["journal"], state["last_seq"], cfg.getint("batch_size"))
        if rows:
            ack = client.push_batch(args.precinct, rows)
            state["last_seq"] = ack.get("acked_seq", rows[-1]["seq"])
            write_state(state_file, state)
            LOG.info("pushed %d rows, acked through %s", len(rows), state["last_seq"])
        else:
            LOG.debug("nothing pending")
        if args.once:
            break
        time.sleep(args.interval)
    return 0


if __name__ == "__main__":
    sys.exit(main())
