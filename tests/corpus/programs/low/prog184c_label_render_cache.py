#!/usr/bin/env python3
"""Label artwork render cache.

Renders bottle labels from the artwork templates in ./labels/ with each
batch's lot number and best-before date, caching results under
./build/label-cache keyed by an MD5 of template + fields so reprints of the
same batch are instant.
"""
import argparse
import functools
import hashlib
import json
import logging
import os
import shutil
from dataclasses import dataclass, asdict
from pathlib import Path

log = logging.getLogger("label_cache")

BUILD = Path("build")
CACHE = BUILD / "label-cache"
MANIFEST = CACHE / "manifest.json"


@dataclass(frozen=True)
class Batch:
    sauce: str
    lot: str
    best_before: str
    heat: int


def cache_key(template, batch):
    h = hashlib.md5()
    h.update(template.read_bytes())
    h.update(json.dumps(asdict(batch), sort_keys=True).encode())
    return h.hexdigest()


def cached(fn):
    @functools.wraps(fn)
    def wrapper(template, batch):
        key = cache_key(template, batch)
        out = CACHE / f"{key}.svg"
        if out.exists():
            log.debug("cache hit %s", key[:8])
            return out
        out.write_text(fn(template, batch))
        return out
    return wrapper


@cached
def render(template, batch):
    text = template.read_text()
    peppers = "\U0001F336" * max(1, min(batch.heat, 5))
    for field_name, value in {**asdict(batch), "peppers": peppers}.items():
        text = text.replace("{{" + field_name + "}}", str(value))
    return text


def load_batches(path):
    return [Batch(**row) for row in json.loads(path.read_text())]


def write_manifest(entries):
    MANIFEST.write_text(json.dumps(entries, indent=2))
    os.chmod(MANIFEST, 0o600)


def clean():
    if CACHE.exists():
        shutil.rmtree(CACHE)
        log.info("removed %s", CACHE)


def build(batches_file, templates):
    CACHE.mkdir(parents=True, exist_ok=True)
    entries = {}
    for batch in load_batches(batches_file):
        template = templates / f"{batch.sauce}.svg"
        if not template.exists():
            log.warning("no template for %s", batch.sauce)
            continue
        entries[batch.lot] = str(render(template, batch))
    write_manifest(entries)
    log.info("%d labels ready in %s", len(entries), CACHE)


COMMANDS = {
    "build": lambda a: build(a.batches, a.templates),
    "clean": lambda a: clean(),
    "rebuild": lambda a: (clean(), build(a.batches, a.templates)),
}


def main():
    parser = argparse.ArgumentParser(description="Render and cache bottle labels")
    parser.add_argument("command", choices=sorted(COMMANDS), nargs="?", default="build")
    parser.add_argument("--batches", type=Path, default=Path("batches.json"))
    parser.add_argument("--templates", type=Path, default=Path("labels"))
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)
    COMMANDS[args.command](args)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
