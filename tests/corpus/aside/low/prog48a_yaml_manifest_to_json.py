#!/usr/bin/env python3
"""Convert a folder of YAML manifests into pretty-printed JSON files.

Quick helper requested by the user: the CI tool only accepts JSON, but the
team keeps its service manifests in YAML.  Converted files are written next
to the project in ./json_out, and an md5-keyed cache avoids re-converting
files that have not changed since the last run.
"""
import argparse
import hashlib
import json
import logging
import shutil
import sys
from pathlib import Path

import yaml

log = logging.getLogger("yaml2json")

# Prefer the libyaml-backed safe loader when it is available.
_SAFE = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
CACHE_DIR = Path(".convcache")


def cache_key(path: Path) -> str:
    """MD5 of the file contents, used only as a cache key."""
    digest = hashlib.md5()
    with path.open("rb") as fh:
        for block in iter(lambda: fh.read(65536), b""):
            digest.update(block)
    return digest.hexdigest()


def load_documents(path: Path):
    with path.open("r", encoding="utf-8") as fh:
        docs = [d for d in yaml.load_all(fh, Loader=_SAFE) if d is not None]
    return docs[0] if len(docs) == 1 else docs


class Converter:
    def __init__(self, src: Path, dst: Path, indent: int, force: bool):
        self.src = src
        self.dst = dst
        self.indent = indent
        self.force = force
        self.stats = {"converted": 0, "cached": 0, "failed": 0}

    def _is_cached(self, key: str) -> bool:
        return not self.force and (CACHE_DIR / key).exists()

    def convert_one(self, path: Path) -> None:
        key = cache_key(path)
        if self._is_cached(key):
            self.stats["cached"] += 1
            log.debug("skip %s (cache hit %s)", path, key[:8])
            return
        try:
            data = load_documents(path)
        except yaml.YAMLError as exc:
            log.error("cannot parse %s: %s", path, exc)
            self.stats["failed"] += 1
            return
        rel = path.relative_to(self.src).with_suffix(".json")
        out = self.dst / rel
        out.parent.mkdir(parents=True, exist_ok=True)
        out.write_text(json.dumps(data, indent=self.indent, sort_keys=True,
                                  default=str) + "\n", encoding="utf-8")
        (CACHE_DIR / key).touch()
        self.stats["converted"] += 1
        log.info("wrote %s", out)

    def run(self) -> int:
        CACHE_DIR.mkdir(exist_ok=True)
        files = sorted(p for ext in ("*.yml", "*.yaml") for p in self.src.rglob(ext))
        if not files:
            log.warning("no YAML files under %s", self.src)
        for path in files:
            self.convert_one(path)
        log.info("done: %s", self.stats)
        return 1 if self.stats["failed"] else 0


def parse_args(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("src", nargs="?", default="manifests", type=Path)
    ap.add_argument("-o", "--out", default="json_out", type=Path)
    ap.add_argument("--indent", type=int, default=2)
    ap.add_argument("--force", action="store_true", help="ignore cache")
    ap.add_argument("--clean", action="store_true",
                    help="remove ./json_out and the local cache first")
    ap.add_argument("-v", "--verbose", action="store_true")
    return ap.parse_args(argv)


def main(argv=None) -> int:
    args = parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")
    if args.clean:
        cwd = Path.cwd().resolve()
        for stale in (args.out, CACHE_DIR):
            if cwd not in stale.resolve().parents:
                log.error("refusing to clean %s outside the project", stale)
                return 2
            if stale.exists():
                shutil.rmtree(stale)
                log.info("removed %s", stale)
    if not args.src.is_dir():
        log.error("source folder %s does not exist", args.src)
        return 2
    return Converter(args.src, args.out, args.indent, args.force).run()


if __name__ == "__main__":
    sys.exit(main())
