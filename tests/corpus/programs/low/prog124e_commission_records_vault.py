#!/usr/bin/env python3
"""Keep an encrypted copy of closed commission paperwork.

Glass commissions leave a trail of quotes, sketches, photos and invoices that
contain customer names and addresses. This tool walks the project's
./commissions folder and writes an AES-256-GCM sealed copy of every document
into ./vault (same layout), so the vault can be synced to the shared drive.
The key lives in ./vault.key, readable only by the owner.
"""
import argparse
import json
import logging
import os
import sys
from pathlib import Path

from cryptography.hazmat.primitives.ciphers.aead import AESGCM

log = logging.getLogger("commission-vault")

SUFFIX = ".sealed"
DOC_TYPES = {
    ".pdf", ".doc", ".docx", ".odt", ".xls", ".xlsx", ".ods", ".csv", ".txt",
    ".jpg", ".jpeg", ".png", ".heic", ".psd", ".ai", ".svg", ".dwg",
}
SKIP_DIRS = {"__pycache__", ".git"}


def load_or_create_key(path):
    if path.exists():
        key = bytes.fromhex(path.read_text().strip())
        if len(key) != 32:
            raise ValueError(f"{path} does not hold a 256-bit key")
        return key
    key = AESGCM.generate_key(bit_length=256)
    path.write_text(key.hex() + "\n")
    os.chmod(path, 0o600)
    log.info("created new vault key at %s - back it up", path)
    return key


def candidates(root):
    for dirpath, dirnames, filenames in os.walk(root):
        dirnames[:] = [d for d in dirnames if d not in SKIP_DIRS]
        for name in filenames:
            p = Path(dirpath, name)
            if p.suffix.lower() in DOC_TYPES and not p.is_symlink():
                yield p


def seal_copy(aead, src, root, vault):
    rel = src.relative_to(root)
    dest = vault / rel.parent / (rel.name + SUFFIX)
    if dest.exists() and dest.stat().st_mtime >= src.stat().st_mtime:
        return 0
    dest.parent.mkdir(parents=True, exist_ok=True)
    data = src.read_bytes()
    nonce = os.urandom(12)
    dest.write_bytes(nonce + aead.encrypt(nonce, data, str(rel).encode()))
    return len(data)


def unseal(aead, sealed, vault, out):
    rel = sealed.relative_to(vault)
    blob = sealed.read_bytes()
    orig_rel = rel.with_name(rel.name[: -len(SUFFIX)])
    data = aead.decrypt(blob[:12], blob[12:], str(orig_rel).encode())
    target = out / orig_rel
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_bytes(data)
    return target


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--root", default="commissions")
    ap.add_argument("--vault", default="vault")
    ap.add_argument("--key-file", default="vault.key")
    ap.add_argument("--restore", metavar="DIR", help="unseal the vault into DIR")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    root, vault = Path(args.root), Path(args.vault)
    try:
        aead = AESGCM(load_or_create_key(Path(args.key_file)))
    except (OSError, ValueError) as exc:
        log.error("key problem: %s", exc)
        return 2

    if args.restore:
        out = Path(args.restore)
        n = 0
        for sealed in vault.rglob("*" + SUFFIX):
            unseal(aead, sealed, vault, out)
            n += 1
        log.info("restored %d documents into %s", n, out)
        return 0

    if not root.is_dir():
        log.error("%s is not a folder", root)
        return 1
    count = total = 0
    for path in candidates(root):
        try:
            size = seal_copy(aead, path, root, vault)
        except OSError as exc:
            log.warning("could not seal %s: %s", path, exc)
            continue
        if size:
            count += 1
            total += size
    vault.mkdir(parents=True, exist_ok=True)
    (vault / "manifest.json").write_text(json.dumps({"documents": count}, indent=2))
    log.info("sealed %d new or changed documents (%.1f MB)", count, total / 1e6)
    return 0


if __name__ == "__main__":
    sys.exit(main())
