#!/usr/bin/env python3
"""Push finished invoices to the client portal.

Scans the outgoing invoice folder, uploads every PDF the portal has not seen
yet and records what was sent in a small state file so repeated runs are
cheap.  Configuration lives in portal.ini in the working directory:

    [portal]
    base_url   = https://portal.example.com/api/v1
    outgoing   = invoices/outgoing
    client_map = clients.json

The API key is taken from PORTAL_API_KEY.
"""
import argparse
import base64
import configparser
import hashlib
import json
import logging
import os
import re
import sys
import time
from pathlib import Path

import requests

log = logging.getLogger("portal-upload")

STATE_FILE = Path(".portal_state.json")
DEFAULT_CONFIG = Path("portal.ini")
INVOICE_NAME = re.compile(r"^(?P<number>INV-\d{4}-\d{3,4})_(?P<client>[a-z0-9-]+)\.pdf$", re.I)


class PortalClient:
    def __init__(self, base_url, api_key, timeout=20):
        self.base_url = base_url.rstrip("/")
        self.timeout = timeout
        self.session = requests.Session()
        self.session.headers.update({
            "Authorization": f"Bearer {api_key}",
            "Accept": "application/json",
            "User-Agent": "freelance-books/2.3",
        })

    def status(self):
        resp = self.session.get(f"{self.base_url}/status", timeout=self.timeout)
        resp.raise_for_status()
        return resp.json()

    def upload_invoice(self, client_id, pdf_path, meta):
        payload = {
            "client_id": client_id,
            "filename": pdf_path.name,
            "content_b64": base64.b64encode(pdf_path.read_bytes()).decode("ascii"),
            "meta": meta,
        }
        last_error = None
        for attempt in range(1, 4):
            try:
                resp = self.session.post(f"{self.base_url}/invoices", json=payload,
                                         timeout=self.timeout)
            except requests.ConnectionError as exc:
                last_error = exc
            else:
                if resp.status_code < 500:
                    resp.raise_for_status()
                    return resp.json()
                last_error = f"HTTP {resp.status_code}"
            log.warning("upload of %s failed (attempt %d): %s", pdf_path.name, attempt, last_error)
            time.sleep(2 ** attempt)
        raise RuntimeError(f"giving up on {pdf_path.name}: {last_error}")


def load_state():
    if STATE_FILE.exists():
        return json.loads(STATE_FILE.read_text())
    return {"uploaded": {}}


def save_state(state):
    STATE_FILE.write_text(json.dumps(state, indent=2, sort_keys=True))
    os.chmod(STATE_FILE, 0o600)


def cache_key(path):
    # content hash so a re-rendered invoice with the same name is re-sent
    return hashlib.md5(path.read_bytes()).hexdigest()


def invoice_meta(pdf_path):
    sidecar = pdf_path.with_suffix(".json")
    meta = {}
    if sidecar.exists():
        try:
            meta = json.loads(sidecar.read_text())
        except json.JSONDecodeError:
            log.warning("ignoring unreadable sidecar %s", sidecar)
    match = INVOICE_NAME.match(pdf_path.name)
    if match:
        meta.setdefault("number", match.group("number").upper())
    return meta


def pending_invoices(outgoing, client_map, state):
    for pdf in sorted(Path(outgoing).glob("*.pdf")):
        match = INVOICE_NAME.match(pdf.name)
        if not match:
            log.debug("skipping %s (name does not look like an invoice)", pdf.name)
            continue
        slug = match.group("client").lower()
        client_id = client_map.get(slug)
        if client_id is None:
            log.warning("no portal client id for '%s', skipping %s", slug, pdf.name)
            continue
        key = cache_key(pdf)
        if state["uploaded"].get(pdf.name) == key:
            continue
        yield client_id, pdf, key


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("-c", "--config", type=Path, default=DEFAULT_CONFIG)
    parser.add_argument("--dry-run", action="store_true")
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args(argv)

    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    cfg = configparser.ConfigParser()
    if not cfg.read(args.config):
        log.error("config %s not found", args.config)
        return 2
    section = cfg["portal"]
    api_key = os.environ.get("PORTAL_API_KEY")
    if not api_key:
        log.error("PORTAL_API_KEY is not set")
        return 2

    client_map = json.loads(Path(section.get("client_map", "clients.json")).read_text())
    client = PortalClient(section["base_url"], api_key)
    try:
        info = client.status()
        log.info("portal reachable, account %s", info.get("account", "?"))
    except requests.RequestException as exc:
        log.error("portal not reachable: %s", exc)
        return 1

    state = load_state()
    sent = 0
    for client_id, pdf, key in pending_invoices(section.get("outgoing", "invoices/outgoing"),
                                                client_map, state):
        if args.dry_run:
            log.info("would upload %s for client %s", pdf.name, client_id)
            continue
        result = client.upload_invoice(client_id, pdf, invoice_meta(pdf))
        state["uploaded"][pdf.name] = key
        save_state(state)
        sent += 1
        log.info("uploaded %s -> %s", pdf.name, result.get("id"))

    log.info("%d invoice(s) uploaded", sent)
    return 0


if __name__ == "__main__":
    sys.exit(main())
