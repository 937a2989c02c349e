#!/usr/bin/env python3
"""Pack a dotfiles repository checkout into a versioned release archive.

The dotfiles live in the current repository (``./home`` by default) and are
bundled into ``./dist/dotfiles-<stamp>.tar.gz`` together with a manifest of
checksums, so that a release can be attached to a tag by CI.
"""

import argparse
import fnmatch
import hashlib
import json
import logging
import os
import shutil
import tarfile
import time
from pathlib import Path

log = logging.getLogger("dotpack")

DEFAULT_EXCLUDES = (
    "*.swp",
    "*~",
    ".DS_Store",
    "*.orig",
    "__pycache__",
    ".git",
)


class Archiver:
    def __init__(self, source: Path, dist: Path, excludes):
        self.source = source
        self.dist = dist
        self.excludes = list(excludes)
        self.cache_dir = Path(".dotpack-cache")

    def _excluded(self, rel: str) -> bool:
        parts = rel.split(os.sep)
        for pattern in self.excludes:
            if any(fnmatch.fnmatch(p, pattern) for p in parts):
                return True
        return False

    def collect(self):
        files = []
        for root, dirs, names in os.walk(self.source):
            dirs[:] = sorted(d for d in dirs if not self._excluded(d))
            for name in sorted(names):
                full = Path(root) / name
                rel = str(full.relative_to(self.source))
                if self._excluded(rel):
                    log.debug("skip %s", rel)
                    continue
                files.append((full, rel))
        return files

    @staticmethod
    def sha256_of(path: Path) -> str:
        h = hashlib.sha256()
        with path.open("rb") as fh:
            for block in iter(lambda: fh.read(65536), b""):
                h.update(block)
        return h.hexdigest()

    def cache_key(self, files) -> str:
        # md5 is only used to name the local incremental cache entry
        h = hashlib.md5()
        for full, rel in files:
            st = full.stat()
            h.update(f"{rel}:{st.st_size}:{int(st.st_mtime)}".encode())
        return h.hexdigest()

    def build(self, stamp: str) -> Path:
        files = self.collect()
        if not files:
            raise SystemExit(f"nothing to pack under {self.source}")
        key = self.cache_key(files)
        self.cache_dir.mkdir(exist_ok=True)
        marker = self.cache_dir / f"{key}.json"
        if marker.exists():
            prev = json.loads(marker.read_text())
            log.info("unchanged since %s, reusing %s", prev["stamp"], prev["archive"])
            return Path(prev["archive"])

        self.dist.mkdir(parents=True, exist_ok=True)
        archive = self.dist / f"dotfiles-{stamp}.tar.gz"
        manifest = {}
        with tarfile.open(archive, "w:gz") as tar:
            for full, rel in files:
                manifest[rel] = self.sha256_of(full)
                tar.add(full, arcname=f"dotfiles/{rel}", recursive=False)
        os.chmod(archive, 0o600)

        manifest_path = self.dist / f"dotfiles-{stamp}.manifest.json"
        manifest_path.write_text(json.dumps(manifest, indent=2, sort_keys=True))
        os.chmod(manifest_path, 0o600)

        marker.write_text(json.dumps({"stamp": stamp, "archive": str(archive)}))
        log.info("packed %d files into %s", len(files), archive)
        return archive

    def clean(self):
        for target in (self.dist, self.cache_dir):
            if target.is_dir():
                log.info("removing %s", target)
                shutil.rmtree(target)


def parse_args():
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("--source", default="home", help="dotfiles tree inside the repo")
    p.add_argument("--dist", default="dist", help="output directory")
    p.add_argument("--exclude", action="append", default=[], help="extra glob to skip")
    p.add_argument("--clean", action="store_true", help="remove dist/ and cache first")
    p.add_argument("-v", "--verbose", action="store_true")
    return p.parse_args()


def main():
    args = parse_args()
    logging.basicConfig(
        level=logging.DEBUG if args.verbose else logging.INFO,
        format="%(levelname)s %(message)s",
    )
    source = Path(args.source)
    if not source.is_dir():
        raise SystemExit(f"{source} is not a directory (run from the repo root)")
    arch = Archiver(source, Path(args.dist), DEFAULT_EXCLUDES + tuple(args.exclude))
    if args.clean:
        arch.clean()
    stamp = time.strftime("%Y%m%d-%H%M%S")
    out = arch.build(stamp)
    print(out)


if __name__ == "__main__":
    main()
