#!/usr/bin/env python3
"""Canary token registry for the blue-team lab.

Mints new canary tokens (fake API keys, URL beacons, document markers),
keeps a local registry in ./canaries/registry.json and optionally registers
each token with the team's canary alerting service so that a hit on the token
raises an alert.
"""
import argparse
import datetime as dt
import json
import logging
import os
import secrets
import sys
from pathlib import Path

import requests

LOG = logging.getLogger("canary-registry")

REGISTRY_DIR = Path("canaries")
REGISTRY_FILE = REGISTRY_DIR / "registry.json"
DEFAULT_API = "https://canary.lab.internal/api/v2/tokens"

TOKEN_KINDS = {
    "aws": lambda: ("AKIA" + secrets.token_hex(8).upper(), secrets.token_urlsafe(30)),
    "url": lambda: (secrets.token_urlsafe(12), None),
    "doc": lambda: ("DOC-" + secrets.token_hex(6), None),
}


class Registry:
    def __init__(self, path: Path):
        self.path = path
        self.entries = []
        if path.exists():
            try:
                self.entries = json.loads(path.read_text(encoding="utf-8"))
            except json.JSONDecodeError:
                LOG.warning("registry %s is corrupt, starting fresh", path)

    def add(self, entry: dict) -> None:
        self.entries.append(entry)

    def find(self, token_id: str):
        return next((e for e in self.entries if e["id"] == token_id), None)

    def save(self) -> None:
        self.path.parent.mkdir(parents=True, exist_ok=True)
        tmp = self.path.with_suffix(".json.part")
        tmp.write_text(json.dumps(self.entries, indent=2), encoding="utf-8")
        tmp.replace(self.path)
        # the registry lists live canaries, keep it private to this user
        os.chmod(self.path, 0o600)


def mint(kind: str, label: str) -> dict:
    ident, secret_part = TOKEN_KINDS[kind]()
    return {
        "id": ident,
        "kind": kind,
        "label": label,
        "decoy_secret": secret_part,
        "created": dt.datetime.now(dt.timezone.utc).isoformat(),
        "registered": False,
    }


def register_remote(entry: dict, api_url: str, api_key: str) -> bool:
    payload = {
        "token_id": entry["id"],
        "kind": entry["kind"],
        "memo": entry["label"],
    }
    try:
        resp = requests.post(
            api_url,
            json=payload,
            headers={"Authorization": f"Bearer {api_key}"},
            timeout=15,
        )
        resp.raise_for_status()
    except requests.RequestException as exc:
        LOG.error("registration of %s failed: %s", entry["id"], exc)
        return False
    LOG.info("registered %s (%s)", entry["id"], resp.json().get("status", "ok"))
    return True


def cmd_mint(args, registry: Registry) -> int:
    api_key = os.environ.get("CANARY_API_KEY")
    for i in range(args.count):
        label = f"{args.label}-{i + 1}" if args.count > 1 else args.label
        entry = mint(args.kind, label)
        if args.register:
            if not api_key:
                LOG.error("CANARY_API_KEY not set; cannot register")
                return 2
            entry["registered"] = register_remote(entry, args.api, api_key)
        registry.add(entry)
        print(f"{entry['kind']:5} {entry['id']}  {label}")
    registry.save()
    return 0


def cmd_list(args, registry: Registry) -> int:
    for e in registry.entries:
        flag = "R" if e.get("registered") else "-"
        print(f"{flag} {e['kind']:5} {e['id']:28} {e['label']}")
    return 0


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("-v", "--verbose", action="store_true")
    sub = parser.add_subparsers(dest="cmd", required=True)

    m = sub.add_parser("mint", help="create new canary tokens")
    m.add_argument("--kind", choices=sorted(TOKEN_KINDS), default="aws")
    m.add_argument("--label", required=True)
    m.add_argument("--count", type=int, default=1)
    m.add_argument("--register", action="store_true")
    m.add_argument("--api", default=os.environ.get("CANARY_API_URL", DEFAULT_API))

    sub.add_parser("list", help="show local registry")

    args = parser.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")
    registry = Registry(REGISTRY_FILE)
    handlers = {"mint": cmd_mint, "list": cmd_list}
    return handlers[args.cmd](args, registry)


if __name__ == "__main__":
    sys.exit(main())
