#!/usr/bin/env python3
"""Symbol index for the editor plugin ("jump to definition" without an LSP).

Walks the project, records top-level classes and functions of every Python
file and keeps the index in ``.editor-cache/symbols.pkl`` so the editor can
load it instantly.  Settings come from ``.editor-index.yaml`` in the project.
"""

import argparse
import ast
import logging
import os
import pickle
import sys
import time
from collections import defaultdict
from pathlib import Path

import yaml

logger = logging.getLogger("symindex")

CACHE_DIR = Path(".editor-cache")
INDEX_FILE = CACHE_DIR / "symbols.pkl"
SETTINGS_FILE = Path(".editor-index.yaml")

DEFAULT_SETTINGS = {
    "include": ["."],
    "exclude_dirs": [".git", ".venv", "node_modules", "build", "dist"],
    "max_file_kb": 512,
}


def load_settings():
    settings = dict(DEFAULT_SETTINGS)
    if SETTINGS_FILE.exists():
        with SETTINGS_FILE.open() as fh:
            user = yaml.load(fh, Loader=yaml.Loader) or {}
        settings.update(user)
    return settings


class SymbolIndex:
    VERSION = 3

    def __init__(self):
        self.by_name = defaultdict(list)
        self.mtimes = {}

    def update_file(self, path):
        try:
            source = path.read_text(encoding="utf-8")
            tree = ast.parse(source, filename=str(path))
        except (SyntaxError, UnicodeDecodeError, OSError) as exc:
            logger.debug("skip %s: %s", path, exc)
            return 0
        self.forget(path)
        found = 0
        for node in tree.body:
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                kind = "class" if isinstance(node, ast.ClassDef) else "def"
                self.by_name[node.name].append((str(path), node.lineno, kind))
                found += 1
        self.mtimes[str(path)] = path.stat().st_mtime
        return found

    def forget(self, path):
        key = str(path)
        for name in list(self.by_name):
            self.by_name[name] = [e for e in self.by_name[name] if e[0] != key]
            if not self.by_name[name]:
                del self.by_name[name]
        self.mtimes.pop(key, None)

    def lookup(self, name):
        return self.by_name.get(name, [])

    def save(self):
        CACHE_DIR.mkdir(exist_ok=True)
        with INDEX_FILE.open("wb") as fh:
            pickle.dump((self.VERSION, self), fh, protocol=pickle.HIGHEST_PROTOCOL)

    @classmethod
    def load(cls):
        if not INDEX_FILE.exists():
            return cls()
        with INDEX_FILE.open("rb") as fh:
            version, index = pickle.load(fh)
        if version != cls.VERSION:
            logger.info("index format changed, rebuilding")
            return cls()
        return index


def iter_sources(settings):
    excluded = set(settings["exclude_dirs"])
    limit = settings["max_file_kb"] * 1024
    for root in settings["include"]:
        for dirpath, dirnames, filenames in os.walk(root):
            dirnames[:] = [d for d in dirnames if d not in excluded]
            for fname in filenames:
                if fname.endswith(".py"):
                    p = Path(dirpath, fname)
                    if p.stat().st_size <= limit:
                        yield p


def refresh(index, settings):
    changed = 0
    seen = set()
    for path in iter_sources(settings):
        seen.add(str(path))
        if index.mtimes.get(str(path)) != path.stat().st_mtime:
            index.update_file(path)
            changed += 1
    for stale in set(index.mtimes) - seen:
        index.forget(Path(stale))
        changed += 1
    return changed


def main(argv=None):
    ap = argparse.ArgumentParser(description="editor symbol index")
    ap.add_argument("symbol", nargs="?", help="look up a symbol after refreshing")
    ap.add_argument("--rebuild", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)

    settings = load_settings()
    index = SymbolIndex() if args.rebuild else SymbolIndex.load()
    started = time.monotonic()
    changed = refresh(index, settings)
    if changed:
        index.save()
    logger.info("%d file(s) reindexed in %.2fs", changed, time.monotonic() - started)

    if args.symbol:
        for path, line, kind in index.lookup(args.symbol):
            print("%s:%d: %s %s" % (path, line, kind, args.symbol))
    return 0


if __name__ == "__main__":
    sys.exit(main())
