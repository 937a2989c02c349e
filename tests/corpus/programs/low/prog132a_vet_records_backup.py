#!/usr/bin/env python3
"""Encrypted backups of vaccination certificates and client records.

Seals a copy of every file in the kennel's records folder with AES-GCM
into ./vault/<timestamp>/, writes a manifest with SHA-256 of the originals
so a restore can be verified, and keeps the backup key next to the vault
readable only by the current user. The originals are left untouched.

    vet_records_backup.py            # back up ./records
    vet_records_backup.py --restore vault/20240611-0815 --to restored/
"""
import argparse
import hashlib
import json
import logging
import os
import secrets
import sys
import time
from pathlib import Path

from cryptography.hazmat.primitives.ciphers.aead import AESGCM

log = logging.getLogger("vetbackup")

SEALED_SUFFIX = ".vvault"
RECORD_TYPES = {".pdf", ".jpg", ".jpeg", ".png", ".heic", ".doc", ".docx",
                ".xls", ".xlsx", ".csv", ".odt", ".ods", ".txt", ".rtf", ".sqlite3", ".db"}
VAULT_DIR = Path("vault")
KEY_FILE = VAULT_DIR / "backup.key"


def load_or_create_key() -> bytes:
    VAULT_DIR.mkdir(exist_ok=True)
    if KEY_FILE.exists():
        return bytes.fromhex(KEY_FILE.read_text().strip())
    key = AESGCM.generate_key(bit_length=256)
    KEY_FILE.write_text(key.hex())
    os.chmod(KEY_FILE, 0o600)
    log.info("new backup key written to %s - keep a copy off this machine", KEY_FILE)
    return key


def candidates(root: Path):
    for dirpath, dirnames, filenames in os.walk(root):
        dirnames[:] = [d for d in dirnames if not d.startswith(".")]
        for name in filenames:
            p = Path(dirpath, name)
            if p.suffix.lower() in RECORD_TYPES:
                yield p


def seal_copy(aead: AESGCM, src: Path, root: Path, dest_dir: Path) -> dict:
    data = src.read_bytes()
    rel = src.relative_to(root)
    nonce = secrets.token_bytes(12)
    out = dest_dir / (str(rel) + SEALED_SUFFIX)
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_bytes(nonce + aead.encrypt(nonce, data, str(rel).encode()))
    os.chmod(out, 0o600)
    return {"path": str(rel), "sha256": hashlib.sha256(data).hexdigest(), "size": len(data)}


def backup(root: Path) -> Path:
    aead = AESGCM(load_or_create_key())
    dest = VAULT_DIR / time.strftime("%Y%m%d-%H%M")
    dest.mkdir(parents=True, exist_ok=True)
    manifest = []
    for src in candidates(root):
        try:
            manifest.append(seal_copy(aead, src, root, dest))
        except OSError as exc:
            log.warning("skip %s: %s", src, exc)
    (dest / "manifest.json").write_text(json.dumps(manifest, indent=2))
    log.info("%d file(s) backed up to %s", len(manifest), dest)
    return dest


def restore(snapshot: Path, target: Path) -> int:
    aead = AESGCM(load_or_create_key())
    manifest = json.loads((snapshot / "manifest.json").read_text())
    bad = 0
    for entry in manifest:
        blob = (snapshot / (entry["path"] + SEALED_SUFFIX)).read_bytes()
        data = aead.decrypt(blob[:12], blob[12:], entry["path"].encode())
        if hashlib.sha256(data).hexdigest() != entry["sha256"]:
            log.error("checksum mismatch: %s", entry["path"])
            bad += 1
            continue
        out = target / entry["path"]
        out.parent.mkdir(parents=True, exist_ok=True)
        out.write_bytes(data)
    log.info("restored %d file(s) to %s", len(manifest) - bad, target)
    return bad


def main():
    ap = argparse.ArgumentParser(description="Encrypted backup of client records")
    ap.add_argument("--records", type=Path, default=Path("records"))
    ap.add_argument("--restore", type=Path, metavar="SNAPSHOT")
    ap.add_argument("--to", type=Path, default=Path("restored"))
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    if args.restore:
        return 1 if restore(args.restore, args.to) else 0
    if not args.records.is_dir():
        log.error("records folder %s not found", args.records)
        return 1
    backup(args.records)
    return 0


if __name__ == "__main__":
    sys.exit(main())
