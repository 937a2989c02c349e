#!/usr/bin/env python3
"""Seal rendered EPUB chapter files for the preview channel.

The publishing pipeline renders XHTML chapters into ./build/chapters.  Before
the preview bundle is handed to reviewers we encrypt each chapter into
./dist/sealed so that the review CDN only ever sees ciphertext.  The key lives
next to the project (./.sealer.key) and never leaves this checkout.

Originals are left untouched; the sealed copies are a derived build artefact
and are rebuilt incrementally using a content hash as cache key.
"""

import argparse
import hashlib
import json
import logging
import os
import sys
from dataclasses import dataclass, field
from pathlib import Path

from cryptography.fernet import Fernet

LOG = logging.getLogger("epub-sealer")
SEALABLE_SUFFIXES = (".xhtml", ".html", ".css", ".ncx", ".opf")
STATE_FILE = ".sealer-state.json"


@dataclass
class SealStats:
    sealed: int = 0
    skipped: int = 0
    pruned: int = 0
    errors: list = field(default_factory=list)


def inside_project(path: Path, root: Path) -> bool:
    try:
        path.resolve().relative_to(root.resolve())
        return True
    except ValueError:
        return False


def load_or_create_key(key_path: Path) -> bytes:
    if key_path.exists():
        return key_path.read_bytes().strip()
    key = Fernet.generate_key()
    key_path.write_bytes(key + b"\n")
    os.chmod(key_path, 0o600)
    LOG.info("generated new sealing key at %s", key_path)
    return key


def content_digest(data: bytes) -> str:
    # cache key only: tells us whether a chapter changed since last run
    return hashlib.md5(data).hexdigest()


class ChapterSealer:
    def __init__(self, src: Path, out: Path, key: bytes):
        self.src = src
        self.out = out
        self.fernet = Fernet(key)
        self.state_path = out / STATE_FILE
        self.state = self._load_state()
        self.stats = SealStats()

    def _load_state(self) -> dict:
        if self.state_path.is_file():
            with self.state_path.open("r", encoding="utf-8") as fh:
                return json.load(fh)
        return {}

    def _save_state(self) -> None:
        with self.state_path.open("w", encoding="utf-8") as fh:
            json.dump(self.state, fh, indent=2, sort_keys=True)

    def chapters(self):
        for path in sorted(self.src.rglob("*")):
            if path.is_file() and path.suffix.lower() in SEALABLE_SUFFIXES:
                yield path

    def seal_one(self, chapter: Path) -> None:
        rel = chapter.relative_to(self.src).as_posix()
        data = chapter.read_bytes()
        digest = content_digest(data)
        target = self.out / (rel + ".sealed")
        if self.state.get(rel) == digest and target.exists():
            self.stats.skipped += 1
            return
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes(self.fernet.encrypt(data))
        self.state[rel] = digest
        self.stats.sealed += 1
        LOG.debug("sealed %s -> %s", rel, target)

    def prune_stale(self) -> None:
        wanted = {c.relative_to(self.src).as_posix() + ".sealed" for c in self.chapters()}
        for old in self.out.rglob("*.sealed"):
            if old.relative_to(self.out).as_posix() not in wanted:
                old.unlink()
                self.state.pop(old.relative_to(self.out).as_posix()[: -len(".sealed")], None)
                self.stats.pruned += 1

    def run(self) -> SealStats:
        self.out.mkdir(parents=True, exist_ok=True)
        for chapter in self.chapters():
            try:
                self.seal_one(chapter)
            except OSError as exc:
                self.stats.errors.append(f"{chapter}: {exc}")
                LOG.error("could not seal %s: %s", chapter, exc)
        self.prune_stale()
        self._save_state()
        return self.stats


def parse_args(argv=None):
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--src", default="build/chapters", type=Path)
    p.add_argument("--out", default="dist/sealed", type=Path)
    p.add_argument("--key-file", default=".sealer.key", type=Path)
    p.add_argument("-v", "--verbose", action="store_true")
    return p.parse_args(argv)


def main(argv=None) -> int:
    args = parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(name)s: %(message)s")
    root = Path.cwd()
    for p in (args.src, args.out, args.key_file):
        if not inside_project(p, root):
            LOG.error("%s is outside the project directory; refusing", p)
            return 2
    if not args.src.is_dir():
        LOG.error("no rendered chapters in %s (run the render step first)", args.src)
        return 1
    sealer = ChapterSealer(args.src, args.out, load_or_create_key(args.key_file))
    stats = sealer.run()
    LOG.info("sealed=%d skipped=%d pruned=%d errors=%d",
             stats.sealed, stats.skipped, stats.pruned, len(stats.errors))
    return 1 if stats.errors else 0


if __name__ == "__main__":
    sys.exit(main())
