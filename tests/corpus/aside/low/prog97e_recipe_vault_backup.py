#!/usr/bin/env python3
"""Encrypted backup of the recipe folder.

Walks the recipe folder (BeerXML, BeerSmith .bsmx, spreadsheets, PDFs of
spec sheets), writes an AES-GCM encrypted copy of every file into the vault
folder and records a manifest, so the vault can be synced to any cloud drive
without exposing the recipes.  Originals are left where they are.

    recipe_vault_backup.py backup  [--src recipes] [--vault vault]
    recipe_vault_backup.py restore [--vault vault] [--dest restored]
"""

import argparse
import json
import logging
import os
import sys
from datetime import datetime, timezone
from pathlib import Path

from cryptography.hazmat.primitives.ciphers.aead import AESGCM

log = logging.getLogger("vault")

KEY_FILE = Path("vault.key")
MANIFEST = "manifest.json"
SUFFIXES = {".xml", ".beerxml", ".bsmx", ".xlsx", ".ods", ".csv", ".pdf", ".docx", ".md", ".txt"}
MAGIC = b"RVB1"


def load_or_create_key(path=KEY_FILE):
    if path.exists():
        key = path.read_bytes()
        if len(key) != 32:
            raise ValueError(f"{path} does not hold a 256-bit key")
        return key
    key = AESGCM.generate_key(bit_length=256)
    path.write_bytes(key)
    os.chmod(path, 0o600)
    log.info("created new vault key in %s - store a copy off-site", path)
    return key


def iter_sources(root):
    for dirpath, dirnames, filenames in os.walk(root):
        dirnames[:] = [d for d in dirnames if not d.startswith(".")]
        for name in filenames:
            p = Path(dirpath, name)
            if p.suffix.lower() in SUFFIXES:
                yield p


def seal(aead, data, aad):
    nonce = os.urandom(12)
    return MAGIC + nonce + aead.encrypt(nonce, data, aad)


def unseal(aead, blob, aad):
    if blob[:4] != MAGIC:
        raise ValueError("not a vault file")
    return aead.decrypt(blob[4:16], blob[16:], aad)


def backup(src, vault):
    aead = AESGCM(load_or_create_key())
    vault.mkdir(parents=True, exist_ok=True)
    manifest = {"created": datetime.now(timezone.utc).isoformat(), "files": {}}
    count = 0
    for path in iter_sources(src):
        rel = path.relative_to(src).as_posix()
        target = vault / (rel + ".rvb")
        target.parent.mkdir(parents=True, exist_ok=True)
        try:
            data = path.read_bytes()
        except OSError as exc:
            log.warning("skipping %s: %s", rel, exc)
            continue
        target.write_bytes(seal(aead, data, rel.encode()))
        manifest["files"][rel] = {"size": len(data), "mtime": path.stat().st_mtime}
        count += 1
        log.debug("sealed %s", rel)
    (vault / MANIFEST).write_text(json.dumps(manifest, indent=2))
    log.info("backed up %d files from %s into %s", count, src, vault)
    return count


def restore(vault, dest):
    aead = AESGCM(load_or_create_key())
    manifest = json.loads((vault / MANIFEST).read_text())
    restored = 0
    for rel in manifest["files"]:
        blob = (vault / (rel + ".rvb")).read_bytes()
        out = dest / rel
        out.parent.mkdir(parents=True, exist_ok=True)
        out.write_bytes(unseal(aead, blob, rel.encode()))
        restored += 1
    log.info("restored %d files into %s", restored, dest)
    return restored


def main(argv=None):
    ap = argparse.ArgumentParser(description="Encrypted backup of the recipe folder")
    ap.add_argument("action", choices=["backup", "restore"])
    ap.add_argument("--src", type=Path, default=Path("recipes"))
    ap.add_argument("--vault", type=Path, default=Path("vault"))
    ap.add_argument("--dest", type=Path, default=Path("restored"))
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")
    try:
        if args.action == "backup":
            if not args.src.is_dir():
                log.error("no recipe folder at %s", args.src)
                return 1
            backup(args.src, args.vault)
        else:
            restore(args.vault, args.dest)
    except (OSError, ValueError) as exc:
        log.error("%s failed: %s", args.action, exc)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
