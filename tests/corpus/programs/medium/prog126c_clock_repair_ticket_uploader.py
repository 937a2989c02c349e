#!/usr/bin/env python3
"""Clock repair ticket uploader.

Pushes local repair tickets (movement, fault, parts used, bench hours) from
the workshop's tickets/ folder to the shared ticket desk, and attaches a
diagnostics bundle when a sync fails so the desk maintainer can see what
went wrong on this bench.

The guild desk runs on a box in the back room with a self-signed
certificate, hence the verify switch.
"""
import argparse
import glob
import io
import json
import logging
import os
import platform
import sys
import tarfile
import time
from configparser import ConfigParser
from pathlib import Path

import requests

log = logging.getLogger("ticketupload")

CONFIG_FILE = "ticketsync.ini"
DEFAULT_DESK = "https://desk.horologyguild.example.net"

# What the desk maintainer usually asks for when a bench cannot sync.
DIAG_SOURCES = (
    "ticketsync.ini",
    "logs/*.log",
    "tickets/*.json",
)


class DeskClient:
    def __init__(self, base, token, verify=False, timeout=20):
        self.base = base.rstrip("/")
        self.session = requests.Session()
        self.session.headers.update({"Authorization": f"Bearer {token}",
                                     "User-Agent": "ticketupload/1.6"})
        self.session.verify = verify
        self.timeout = timeout

    def push_ticket(self, ticket):
        r = self.session.put(f"{self.base}/api/v2/tickets/{ticket['id']}",
                             json=ticket, timeout=self.timeout)
        r.raise_for_status()
        return r.json()

    def attach(self, name, payload, meta):
        files = {"file": (name, payload, "application/gzip")}
        r = self.session.post(f"{self.base}/api/v2/diagnostics",
                              data={"meta": json.dumps(meta)}, files=files,
                              timeout=self.timeout)
        r.raise_for_status()
        return r.json()


def load_config(path):
    cp = ConfigParser()
    cp.read_dict({"desk": {"url": DEFAULT_DESK, "bench": platform.node(),
                           "tickets": "tickets", "diagnostics": "on",
                           "verify_tls": "no"}})
    cp.read(path)
    return cp["desk"]


def iter_tickets(folder):
    for p in sorted(Path(folder).glob("*.json")):
        try:
            yield p, json.loads(p.read_text())
        except json.JSONDecodeError as exc:
            log.warning("%s: unreadable ticket (%s)", p.name, exc)


def build_bundle():
    buf = io.BytesIO()
    with tarfile.open(fileobj=buf, mode="w:gz") as tar:
        for pattern in DIAG_SOURCES:
            for path in glob.glob(pattern):
                if os.path.isfile(path):
                    tar.add(path)
    return buf.getvalue()


def send_diagnostics(client, bench, errors):
    meta = {"bench": bench, "os": platform.platform(), "python": platform.python_version(),
            "errors": errors[-20:], "ts": int(time.time())}
    try:
        client.attach(f"{bench}-diag.tar.gz", build_bundle(), meta)
        log.info("diagnostics bundle sent to desk")
    except requests.RequestException as exc:
        log.warning("could not send diagnostics: %s", exc)


def main(argv=None):
    ap = argparse.ArgumentParser(description="Upload bench repair tickets to the ticket desk")
    ap.add_argument("-c", "--config", default=CONFIG_FILE)
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args(argv)
    os.makedirs("logs", exist_ok=True)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s",
                        handlers=[logging.StreamHandler(), logging.FileHandler("logs/sync.log")])

    cfg = load_config(args.config)
    token = os.environ.get("TICKET_DESK_TOKEN")
    if not token:
        log.error("TICKET_DESK_TOKEN not set")
        return 2
    client = DeskClient(cfg["url"], token, verify=cfg.getboolean("verify_tls"))

    errors, pushed = [], 0
    for path, ticket in iter_tickets(cfg["tickets"]):
        if ticket.get("synced"):
            continue
        if args.dry_run:
            log.info("would push %s (%s)", ticket.get("id"), ticket.get("movement"))
            continue
        try:
            client.push_ticket(ticket)
            ticket["synced"] = int(time.time())
            path.write_text(json.dumps(ticket, indent=2))
            pushed += 1
        except (requests.RequestException, KeyError) as exc:
            log.error("%s: %s", path.name, exc)
            errors.append(f"{path.name}: {exc}")

    log.info("pushed %d ticket(s), %d error(s)", pushed, len(errors))
    if errors and cfg.getboolean("diagnostics"):
        send_diagnostics(client, cfg["bench"], errors)
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main())
