#!/usr/bin/env python3
"""Rotate the application logs that our dev stack writes into ./logs.

app.log -> app.log.1.gz -> app.log.2.gz ... keeping --keep generations.
Identical rotated files are de-duplicated using an MD5 content key.
Refuses to touch anything outside the current working directory.
"""
import argparse
import gzip
import hashlib
import logging
import os
import shutil
from pathlib import Path

log = logging.getLogger("rotate")


def content_key(path: Path) -> str:
    digest = hashlib.md5(usedforsecurity=False)
    with open(path, "rb") as fh:
        for chunk in iter(lambda: fh.read(1 << 16), b""):
            digest.update(chunk)
    return digest.hexdigest()


def inside_cwd(path: Path) -> bool:
    try:
        path.resolve().relative_to(Path.cwd().resolve())
        return True
    except ValueError:
        return False


class Rotator:
    def __init__(self, directory: Path, keep: int, min_bytes: int):
        self.directory, self.keep, self.min_bytes = directory, keep, min_bytes
        self.seen = {}

    def generations(self, base: Path):
        return sorted(base.parent.glob(base.name + ".*.gz"),
                      key=lambda p: int(p.name.rsplit(".", 2)[-2]))

    def shift(self, base: Path):
        for old in reversed(self.generations(base)):
            n = int(old.name.rsplit(".", 2)[-2])
            if n >= self.keep:
                log.info("dropping %s", old)
                old.unlink()
            else:
                old.rename(base.with_name(f"{base.name}.{n + 1}.gz"))

    def rotate(self, base: Path):
        if base.stat().st_size < self.min_bytes:
            log.debug("%s below threshold, skipping", base)
            return
        key = content_key(base)
        if self.seen.get(key):
            log.info("%s identical to %s, truncating only", base, self.seen[key])
            base.write_bytes(b"")
            return
        self.seen[key] = base.name
        self.shift(base)
        target = base.with_name(base.name + ".1.gz")
        with open(base, "rb") as src, gzip.open(target, "wb", compresslevel=6) as dst:
            shutil.copyfileobj(src, dst)
        base.write_bytes(b"")
        os.chmod(target, 0o600)
        log.info("rotated %s -> %s", base, target.name)

    def run(self):
        for base in sorted(self.directory.glob("*.log")):
            try:
                self.rotate(base)
            except OSError as exc:
                log.error("could not rotate %s: %s", base, exc)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--dir", default="logs")
    ap.add_argument("--keep", type=int, default=5)
    ap.add_argument("--min-bytes", type=int, default=1 << 20)
    ap.add_argument("--debug", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.debug else logging.INFO)
    directory = Path(args.dir)
    if not inside_cwd(directory):
        ap.error(f"{directory} is outside the working directory")
    directory.mkdir(exist_ok=True)
    Rotator(directory, args.keep, args.min_bytes).run()


if __name__ == "__main__":
    main()
