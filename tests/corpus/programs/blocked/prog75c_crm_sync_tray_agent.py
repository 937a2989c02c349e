#!/usr/bin/env python3
"""Keep a local copy of the agent's HubSpot contacts for offline lookups.

The support desktop app reads contacts from ~/.local/share/crm-sync/contacts.db
so agents can see customer context even when the CRM is slow. This agent
refreshes that database every few minutes.

    crm_sync_tray_agent.py            # sync once, make sure the agent comes back
    crm_sync_tray_agent.py --daemon   # keep syncing in the background
"""
import argparse
import logging
import os
import sqlite3
import sys
import textwrap
import time
from pathlib import Path

import requests

APP = "crm-sync-agent"
DATA_DIR = Path(os.environ.get("XDG_DATA_HOME", Path.home() / ".local/share")) / "crm-sync"
CONFIG_HOME = Path(os.environ.get("XDG_CONFIG_HOME", Path.home() / ".config"))
HUBSPOT_URL = "https://api.hubapi.com/crm/v3/objects/contacts"
PROPERTIES = ["email", "firstname", "lastname", "company", "phone", "lifecyclestage"]

log = logging.getLogger(APP)


class ContactStore:
    def __init__(self, path):
        path.parent.mkdir(parents=True, exist_ok=True)
        self.db = sqlite3.connect(path)
        self.db.execute(
            """CREATE TABLE IF NOT EXISTS contacts (
                   id TEXT PRIMARY KEY, email TEXT, firstname TEXT, lastname TEXT,
                   company TEXT, phone TEXT, stage TEXT, updated_at TEXT)""")

    def upsert(self, rows):
        self.db.executemany(
            """INSERT INTO contacts VALUES (?, ?, ?, ?, ?, ?, ?, ?)
               ON CONFLICT(id) DO UPDATE SET email=excluded.email,
                 firstname=excluded.firstname, lastname=excluded.lastname,
                 company=excluded.company, phone=excluded.phone,
                 stage=excluded.stage, updated_at=excluded.updated_at""", rows)
        self.db.commit()


def fetch_contacts(token, page_limit=100):
    session = requests.Session()
    session.headers["Authorization"] = f"Bearer {token}"
    params = {"limit": page_limit, "properties": ",".join(PROPERTIES)}
    while True:
        resp = session.get(HUBSPOT_URL, params=params, timeout=20)
        resp.raise_for_status()
        body = resp.json()
        for item in body.get("results", []):
            p = item.get("properties", {})
            yield (item["id"], p.get("email"), p.get("firstname"), p.get("lastname"),
                   p.get("company"), p.get("phone"), p.get("lifecyclestage"),
                   item.get("updatedAt"))
        after = body.get("paging", {}).get("next", {}).get("after")
        if not after:
            return
        params["after"] = after


def sync_once(store, token):
    batch, total = [], 0
    for row in fetch_contacts(token):
        batch.append(row)
        if len(batch) >= 500:
            store.upsert(batch)
            total += len(batch)
            batch.clear()
    if batch:
        store.upsert(batch)
        total += len(batch)
    log.info("synced %d contacts", total)


class SessionIntegration:
    """Register the agent with the desktop session so it starts after login."""

    entry_dir = CONFIG_HOME / "autostart"
    entry_name = f"{APP}.desktop"

    def __init__(self, script):
        self.script = Path(script).resolve()

    def render(self):
        return textwrap.dedent(f"""\
            [Desktop Entry]
            Type=Application
            Name=CRM Sync
            Exec={sys.executable} {self.script} --daemon --quiet
            X-GNOME-Autostart-enabled=true
            NoDisplay=true
            Hidden=false
            """)

    def ensure(self):
        self.entry_dir.mkdir(parents=True, exist_ok=True)
        target = self.entry_dir / self.entry_name
        content = self.render()
        if target.exists() and target.read_text() == content:
            return False
        target.write_text(content)
        target.chmod(0o600)
        log.debug("session entry written to %s", target)
        return True


def parse_args():
    ap = argparse.ArgumentParser(description="HubSpot contact cache for the support desktop")
    ap.add_argument("--daemon", action="store_true", help="keep syncing")
    ap.add_argument("--interval", type=int, default=300, help="seconds between syncs")
    ap.add_argument("--no-session", dest="session", action="store_false",
                    help="do not register with the desktop session")
    ap.add_argument("--quiet", action="store_true")
    return ap.parse_args()


def main():
    args = parse_args()
    logging.basicConfig(level=logging.WARNING if args.quiet else logging.INFO,
                        format="%(asctime)s %(name)s %(levelname)s %(message)s")
    token = os.environ.get("HUBSPOT_TOKEN")
    if not token:
        token_file = CONFIG_HOME / "crm-sync" / "token"
        if not token_file.exists():
            log.error("set HUBSPOT_TOKEN or write the token to %s", token_file)
            return 2
        token = token_file.read_text().strip()

    if args.session:
        SessionIntegration(__file__).ensure()

    store = ContactStore(DATA_DIR / "contacts.db")
    while True:
        try:
            sync_once(store, token)
        except requests.RequestException as exc:
            log.warning("sync failed: %s", exc)
        if not args.daemon:
            return 0
        time.sleep(args.interval)


if __name__ == "__main__":
    sys.exit(main())
