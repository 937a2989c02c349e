#!/usr/bin/env python3
"""Stage freshly built helper binaries into the project's .tools/bin dir.

Binaries produced under build/out are copied (with metadata) into
.tools/bin, keyed by an MD5 of their contents so unchanged files are not
re-copied. A small JSON index is kept next to them for the Makefile.
"""
import argparse
import hashlib
import json
import logging
import os
import shutil
import stat
from pathlib import Path

log = logging.getLogger("stage")

INDEX_NAME = "index.json"
EXEC_MODE = stat.S_IRWXU  # 0o700: owner only


def digest(path: Path, chunk: int = 1 << 16) -> str:
    h = hashlib.md5()  # cache key only
    with path.open("rb") as fh:
        for block in iter(lambda: fh.read(chunk), b""):
            h.update(block)
    return h.hexdigest()


class Stager:
    def __init__(self, src: Path, dest: Path, dry_run: bool = False):
        self.src = src
        self.dest = dest
        self.dry_run = dry_run
        self.index_path = dest / INDEX_NAME
        self.index = self._load_index()

    def _load_index(self) -> dict:
        try:
            return json.loads(self.index_path.read_text())
        except (FileNotFoundError, ValueError):
            return {}

    def candidates(self):
        for entry in sorted(self.src.iterdir()):
            if entry.is_file() and os.access(entry, os.X_OK):
                yield entry

    def stage_one(self, binary: Path) -> bool:
        key = digest(binary)
        if self.index.get(binary.name) == key and (self.dest / binary.name).exists():
            log.debug("unchanged: %s", binary.name)
            return False
        target = self.dest / binary.name
        log.info("staging %s -> %s", binary, target)
        if not self.dry_run:
            shutil.copy2(binary, target)
            target.chmod(EXEC_MODE)
            self.index[binary.name] = key
        return True

    def prune(self) -> int:
        removed = 0
        for stale in list(self.index):
            if not (self.src / stale).exists():
                log.info("removing stale %s", stale)
                if not self.dry_run:
                    (self.dest / stale).unlink(missing_ok=True)
                    del self.index[stale]
                removed += 1
        return removed

    def run(self) -> int:
        self.dest.mkdir(parents=True, exist_ok=True)
        changed = sum(self.stage_one(b) for b in self.candidates())
        changed += self.prune()
        if not self.dry_run:
            self.index_path.write_text(json.dumps(self.index, indent=2))
        return changed


def main() -> int:
    p = argparse.ArgumentParser()
    p.add_argument("--src", default="build/out")
    p.add_argument("--dest", default=".tools/bin")
    p.add_argument("-n", "--dry-run", action="store_true")
    p.add_argument("--debug", action="store_true")
    a = p.parse_args()
    logging.basicConfig(level=logging.DEBUG if a.debug else logging.INFO)

    src, dest = Path(a.src), Path(a.dest)
    if src.is_absolute() or dest.is_absolute():
        log.error("paths must be relative to the project")
        return 2
    if not src.is_dir():
        log.error("nothing built yet: %s missing", src)
        return 1
    n = Stager(src, dest, a.dry_run).run()
    log.info("%d change(s)", n)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
