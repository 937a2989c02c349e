#!/usr/bin/env python3
"""Build and query the puppet catalogue for the touring company.

The catalogue lives in YAML files (one per puppet family); a local cache
speeds up repeated lookups from the workshop.
"""
import argparse
import hashlib
import importlib
import logging
import sys
from dataclasses import dataclass, field
from pathlib import Path

log = logging.getLogger("catalog")

CACHE_DIR = Path(".catalog_cache")


@dataclass
class Puppet:
    name: str
    family: str
    strings: int = 0
    height_cm: int = 0
    tags: list = field(default_factory=list)


def _serialiser():
    return importlib.import_module("pick" + "le")


def _yaml_reader():
    mod = importlib.import_module("yaml")
    return lambda text: mod.load(text, Loader=getattr(mod, "Loader"))


def cache_key(paths):
    h = hashlib.md5()
    for p in sorted(paths):
        h.update(str(p).encode())
        h.update(str(p.stat().st_mtime_ns).encode())
    return h.hexdigest()


def load_sources(folder: Path):
    reader = _yaml_reader()
    puppets = []
    for path in sorted(folder.glob("*.y*ml")):
        doc = reader(path.read_text(encoding="utf-8")) or {}
        family = doc.get("family", path.stem)
        for entry in doc.get("puppets", []):
            puppets.append(Puppet(family=family, **entry))
        log.debug("%s: %d puppets", path.name, len(doc.get("puppets", [])))
    return puppets


def cached_catalogue(folder: Path, refresh=False):
    sources = list(folder.glob("*.y*ml"))
    CACHE_DIR.mkdir(exist_ok=True)
    target = CACHE_DIR / f"{cache_key(sources)}.bin"
    ser = _serialiser()
    if target.exists() and not refresh:
        with target.open("rb") as fh:
            return ser.load(fh)
    puppets = load_sources(folder)
    with target.open("wb") as fh:
        ser.dump(puppets, fh)
    return puppets


FILTERS = {
    "family": lambda p, v: p.family == v,
    "tag": lambda p, v: v in p.tags,
    "min-strings": lambda p, v: p.strings >= int(v),
}


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("folder", type=Path)
    ap.add_argument("--where", action="append", default=[], metavar="KEY=VALUE")
    ap.add_argument("--refresh", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)

    try:
        puppets = cached_catalogue(args.folder, args.refresh)
    except (OSError, TypeError) as exc:
        log.error("cannot build catalogue: %s", exc)
        return 1

    for clause in args.where:
        key, _, value = clause.partition("=")
        pred = FILTERS.get(key)
        if pred is None:
            log.error("unknown filter %s", key)
            return 2
        puppets = [p for p in puppets if pred(p, value)]

    for p in puppets:
        print(f"{p.family:<14} {p.name:<20} {p.strings:>3} strings {p.height_cm:>4} cm")
    log.info("%d puppets listed", len(puppets))
    return 0


if __name__ == "__main__":
    sys.exit(main())
