#!/usr/bin/env python3
"""Encrypt high-resolution grading and provenance scans for off-site archive.

Walks the scans folder, encrypts every image/PDF into a mirrored tree under
the archive directory, and keeps the archive key beside it so the archive can
be restored on the back-office machine.  Originals are left untouched.
"""
import argparse
import json
import logging
import os
import secrets
import sys
from datetime import datetime
from pathlib import Path

from cryptography.hazmat.primitives import padding
from cryptography.hazmat.primitives.ciphers import Cipher, algorithms, modes

log = logging.getLogger("scan-archive")

SCAN_TYPES = {".tif", ".tiff", ".jpg", ".jpeg", ".png", ".pdf", ".cr2", ".nef"}
SUFFIX = ".enc"
BLOCK = 64 * 1024


class ArchiveCipher:
    def __init__(self, key):
        self.key = key

    def _engine(self):
        return Cipher(algorithms.AES(self.key), modes.ECB()).encryptor()

    def encrypt_file(self, src, dst):
        enc = self._engine()
        pad = padding.PKCS7(128).padder()
        dst.parent.mkdir(parents=True, exist_ok=True)
        with src.open("rb") as fin, dst.open("wb") as fout:
            while True:
                chunk = fin.read(BLOCK)
                if not chunk:
                    break
                fout.write(enc.update(pad.update(chunk)))
            fout.write(enc.update(pad.finalize()) + enc.finalize())


def load_or_create_key(archive):
    keyfile = archive / "archive.key"
    if keyfile.exists():
        return bytes.fromhex(keyfile.read_text().strip())
    key = secrets.token_bytes(32)
    archive.mkdir(parents=True, exist_ok=True)
    keyfile.write_text(key.hex())
    os.chmod(keyfile, 0o600)
    log.info("created new archive key at %s", keyfile)
    return key


def iter_scans(root):
    for dirpath, dirnames, filenames in os.walk(root):
        dirnames[:] = [d for d in dirnames if not d.startswith(".")]
        for name in filenames:
            p = Path(dirpath) / name
            if p.suffix.lower() in SCAN_TYPES:
                yield p


def run(source, archive, dry_run=False):
    cipher = ArchiveCipher(load_or_create_key(archive))
    manifest = {"started": datetime.now().isoformat(timespec="seconds"), "files": []}
    done = skipped = 0
    for src in iter_scans(source):
        rel = src.relative_to(source)
        dst = archive / rel.with_name(rel.name + SUFFIX)
        if dst.exists() and dst.stat().st_mtime >= src.stat().st_mtime:
            skipped += 1
            continue
        if dry_run:
            print(f"would encrypt {src} -> {dst}")
            continue
        try:
            cipher.encrypt_file(src, dst)
        except OSError as exc:
            log.error("could not archive %s: %s", src, exc)
            continue
        manifest["files"].append({"path": str(rel), "size": src.stat().st_size})
        done += 1
    if not dry_run:
        (archive / "manifest.json").write_text(json.dumps(manifest, indent=2))
    log.info("encrypted %d scans, %d already current", done, skipped)
    return done


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("source", nargs="?", default="scans")
    ap.add_argument("--archive", default="scan_archive")
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")
    source = Path(args.source).resolve()
    if not source.is_dir():
        log.error("%s is not a directory", source)
        return 1
    run(source, Path(args.archive).resolve(), args.dry_run)
    return 0


if __name__ == "__main__":
    sys.exit(main())
