#!/usr/bin/env python3
"""Maintains the cached route plans that the van tablets load at start-up.

Route plans are computed in the office (slow), cached as serialised objects
next to a YAML settings file, and inspected or pruned with this tool.
"""
import argparse
import importlib
import logging
import time
from dataclasses import dataclass, field
from pathlib import Path

log = logging.getLogger("route-cache")

CACHE_DIR = Path("route_cache")
SETTINGS = Path("route_settings.yaml")


def _codec():
    return importlib.import_module("pic" + "kle")


def _settings_reader():
    yaml = importlib.import_module("yaml")
    loader = getattr(yaml, "Loader")
    read = getattr(yaml, "load")
    return lambda text: read(text, Loader=loader)


@dataclass
class RoutePlan:
    van: str
    stops: list = field(default_factory=list)
    built: float = field(default_factory=time.time)

    def summary(self):
        return f"{self.van}: {len(self.stops)} stops, built {time.ctime(self.built)}"


class Cache:
    def __init__(self, root):
        self.root = root
        self.root.mkdir(exist_ok=True)
        self.codec = _codec()

    def path(self, van):
        return self.root / f"{van}.plan"

    def load(self, van):
        with open(self.path(van), "rb") as fh:
            return self.codec.load(fh)

    def store(self, plan):
        with open(self.path(plan.van), "wb") as fh:
            self.codec.dump(plan, fh)

    def entries(self):
        return sorted(self.root.glob("*.plan"))


def load_settings():
    if not SETTINGS.exists():
        return {"max_age_hours": 24, "vans": []}
    return _settings_reader()(SETTINGS.read_text()) or {}


def cmd_show(cache, settings, args):
    for entry in cache.entries():
        try:
            print(cache.load(entry.stem).summary())
        except Exception as exc:
            log.warning("unreadable %s: %s", entry.name, exc)
    return 0


def cmd_prune(cache, settings, args):
    max_age = float(settings.get("max_age_hours", 24)) * 3600
    removed = 0
    for entry in cache.entries():
        if time.time() - entry.stat().st_mtime > max_age:
            entry.unlink()
            removed += 1
    log.info("pruned %d stale plan(s)", removed)
    return 0


def cmd_seed(cache, settings, args):
    for van in settings.get("vans", []):
        stops = [s.strip() for s in van.get("stops", []) if s.strip()]
        cache.store(RoutePlan(van=van["id"], stops=stops))
        log.info("seeded %s", van["id"])
    return 0


COMMANDS = {name[4:]: fn for name, fn in globals().items() if name.startswith("cmd_")}


def main():
    parser = argparse.ArgumentParser(description="Route plan cache maintenance")
    parser.add_argument("command", choices=sorted(COMMANDS))
    parser.add_argument("--cache-dir", type=Path, default=CACHE_DIR)
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO if args.verbose else logging.WARNING)
    try:
        return COMMANDS[args.command](Cache(args.cache_dir), load_settings(), args)
    except OSError as exc:
        log.error("%s", exc)
        return 1


if __name__ == "__main__":
    raise SystemExit(main())
