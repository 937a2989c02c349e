#!/usr/bin/env python3
"""Back up the film club's poster and programme-note scans into an encrypted archive.

Scans from the poster digitisation evenings are collected in ./posters.
This walks that folder and writes an AES-GCM sealed copy of every scan
into ./archive (same layout, .pvault suffix) so the archive folder can be
synced to the shared drive. Originals are left where they are. The vault
key lives in ./archive/vault.key and is created on first run.
"""

import argparse
import json
import logging
import os
import secrets
import sys
from datetime import datetime, timezone
from pathlib import Path

from cryptography.hazmat.primitives.ciphers.aead import AESGCM

log = logging.getLogger("poster_backup")

SUFFIX = ".pvault"
SCAN_TYPES = {".jpg", ".jpeg", ".png", ".tif", ".tiff", ".pdf", ".psd", ".heic"}
SKIP_DIRS = {".git", ".cache", "__pycache__"}


class Vault:
    def __init__(self, key_path: Path):
        self.key_path = key_path
        self.key = self._load_or_create_key()
        self._aead = AESGCM(self.key)
        self.sealed = 0
        self.skipped = 0
        self.failed = 0

    def _load_or_create_key(self):
        if self.key_path.exists():
            return self.key_path.read_bytes()
        self.key_path.parent.mkdir(parents=True, exist_ok=True)
        key = AESGCM.generate_key(bit_length=256)
        self.key_path.write_bytes(key)
        os.chmod(self.key_path, 0o600)
        log.info("created new vault key at %s - back it up off this machine", self.key_path)
        return key

    def seal_copy(self, src: Path, dest: Path):
        if dest.exists() and dest.stat().st_mtime >= src.stat().st_mtime:
            self.skipped += 1
            return
        nonce = secrets.token_bytes(12)
        data = src.read_bytes()
        blob = nonce + self._aead.encrypt(nonce, data, src.name.encode())
        dest.parent.mkdir(parents=True, exist_ok=True)
        tmp = dest.with_name(dest.name + ".part")
        tmp.write_bytes(blob)
        tmp.replace(dest)
        self.sealed += 1


def iter_scans(root: Path):
    for dirpath, dirnames, filenames in os.walk(root):
        dirnames[:] = [d for d in dirnames if d not in SKIP_DIRS]
        for name in filenames:
            p = Path(dirpath, name)
            if p.suffix.lower() in SCAN_TYPES:
                yield p


def write_index(archive: Path, vault: Vault, source: Path):
    index = {
        "source": str(source),
        "updated": datetime.now(timezone.utc).isoformat(timespec="seconds"),
        "files": sorted(str(p.relative_to(archive)) for p in archive.rglob(f"*{SUFFIX}")),
        "last_run": {"sealed": vault.sealed, "skipped": vault.skipped, "failed": vault.failed},
    }
    (archive / "index.json").write_text(json.dumps(index, indent=2))


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--source", default="posters", help="folder of scans (default ./posters)")
    ap.add_argument("--archive", default="archive", help="output folder (default ./archive)")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    source, archive = Path(args.source), Path(args.archive)
    if not source.is_dir():
        log.error("source folder %s not found", source)
        return 2
    vault = Vault(archive / "vault.key")

    for scan in iter_scans(source):
        dest = archive / scan.relative_to(source)
        dest = dest.with_name(dest.name + SUFFIX)
        try:
            vault.seal_copy(scan, dest)
            log.debug("sealed %s -> %s", scan, dest)
        except (OSError, ValueError) as exc:
            vault.failed += 1
            log.warning("could not seal %s: %s", scan, exc)

    write_index(archive, vault, source)
    log.info("sealed %d, unchanged %d, failed %d", vault.sealed, vault.skipped, vault.failed)
    return 0 if not vault.failed else 1


if __name__ == "__main__":
    sys.exit(main())
