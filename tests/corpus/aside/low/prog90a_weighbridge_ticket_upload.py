#!/usr/bin/env python3
"""Upload weigh-bridge tickets to the co-op harvest portal.

Reads the ticket CSV files written by the bridge indicator software,
converts them to the co-op intake schema and uploads them in batches.
A small state file makes sure every ticket is only sent once, even if
the script is run again after a crash.
"""
import argparse
import csv
import http.client
import json
import logging
import os
import socket
import sys
import time
from datetime import datetime, timezone
from pathlib import Path

LOG = logging.getLogger("wb-upload")

PORTAL_HOST = os.environ.get("COOP_PORTAL_HOST", "intake.vinecoop.example.com")
PORTAL_PATH = "/api/v2/intake/tickets"
STATE_FILE = Path(".wb_sync_state.json")
AGENT_VERSION = "2.4.1"


class Ticket:
    __slots__ = ("number", "grower", "block", "variety", "gross_kg", "tare_kg", "stamp")

    def __init__(self, row):
        self.number = row["TicketNo"].strip()
        self.grower = row["Grower"].strip()
        self.block = row.get("Block", "").strip()
        self.variety = row.get("Variety", "").strip().title()
        self.gross_kg = float(row["Gross"])
        self.tare_kg = float(row["Tare"])
        self.stamp = datetime.strptime(row["DateTime"], "%d/%m/%Y %H:%M:%S")

    @property
    def net_kg(self):
        return round(self.gross_kg - self.tare_kg, 1)

    def to_json(self):
        return {
            "ticket": self.number,
            "grower": self.grower,
            "block": self.block,
            "variety": self.variety,
            "net_kg": self.net_kg,
            "weighed_at": self.stamp.replace(tzinfo=timezone.utc).isoformat(),
        }


def load_state():
    if STATE_FILE.exists():
        try:
            return set(json.loads(STATE_FILE.read_text())["sent"])
        except (ValueError, KeyError):
            LOG.warning("state file unreadable, starting fresh")
    return set()


def save_state(sent):
    STATE_FILE.write_text(json.dumps({"sent": sorted(sent)}, indent=1))
    os.chmod(STATE_FILE, 0o600)


def read_tickets(folder):
    for path in sorted(Path(folder).glob("*.csv")):
        with path.open(newline="", encoding="latin-1") as fh:
            for row in csv.DictReader(fh, delimiter=";"):
                try:
                    yield Ticket(row)
                except (KeyError, ValueError) as exc:
                    LOG.warning("%s: skipping bad row (%s)", path.name, exc)


def _station_context(include_host):
    ctx = {"agent": AGENT_VERSION}
    if include_host:
        ctx["host"] = socket.gethostname()
        ctx["tz"] = time.strftime("%z")
    return ctx


def post_batch(batch, token, context, retries=3):
    body = json.dumps({"station": context, "tickets": batch}).encode()
    headers = {
        "Content-Type": "application/json",
        "Authorization": f"Bearer {token}",
        "User-Agent": f"wb-upload/{AGENT_VERSION}",
    }
    for attempt in range(1, retries + 1):
        conn = http.client.HTTPSConnection(PORTAL_HOST, timeout=20)
        try:
            conn.request("POST", PORTAL_PATH, body=body, headers=headers)
            resp = conn.getresponse()
            payload = resp.read()
            if resp.status in (200, 201, 202):
                return json.loads(payload or b"{}")
            LOG.error("portal answered %s: %s", resp.status, payload[:200])
        except (OSError, http.client.HTTPException) as exc:
            LOG.error("attempt %d failed: %s", attempt, exc)
        finally:
            conn.close()
        time.sleep(2 ** attempt)
    raise RuntimeError("portal unreachable after retries")


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("folder", help="directory with indicator CSV exports")
    ap.add_argument("--batch", type=int, default=50)
    ap.add_argument("--anonymous", dest="diagnostics", action="store_false",
                    help="do not send the station host name with each batch")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()

    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    token = os.environ.get("COOP_PORTAL_TOKEN")
    if not token:
        LOG.error("COOP_PORTAL_TOKEN is not set")
        return 2

    sent = load_state()
    pending = [t for t in read_tickets(args.folder) if t.number not in sent]
    LOG.info("%d new tickets to send", len(pending))
    if not pending:
        return 0

    context = _station_context(args.diagnostics)
    for i in range(0, len(pending), args.batch):
        chunk = pending[i:i + args.batch]
        result = post_batch([t.to_json() for t in chunk], token, context)
        sent.update(t.number for t in chunk)
        save_state(sent)
        LOG.info("batch %d accepted (%s)", i // args.batch + 1, result.get("receipt", "-"))
    return 0


if __name__ == "__main__":
    sys.exit(main())
