#!/usr/bin/env python3
"""Loads stall menu definitions and builds the price board data.

Menus live as YAML files in menus/; the parsed result is cached so the
board renderer starts quickly on the slow kiosk hardware.
"""

import argparse
import logging
import os
import pickle
from dataclasses import dataclass, field
from pathlib import Path

import yaml

log = logging.getLogger("menu_loader")

MENU_DIR = Path(os.environ.get("MENU_DIR", "menus"))
CACHE_FILE = Path(".menu_cache.pkl")


@dataclass
class MenuItem:
    name: str
    price: float
    allergens: list = field(default_factory=list)
    vegetarian: bool = False


@dataclass
class StallMenu:
    stall: str
    pitch: str
    items: list = field(default_factory=list)

    def cheapest(self):
        return min(self.items, key=lambda i: i.price) if self.items else None


def read_menu(path):
    with open(path, "r", encoding="utf-8") as handle:
        raw = yaml.load(handle, Loader=yaml.Loader)
    items = [MenuItem(name=i["name"], price=float(i["price"]),
                      allergens=i.get("allergens", []),
                      vegetarian=bool(i.get("vegetarian", False)))
             for i in raw.get("items", [])]
    return StallMenu(stall=raw["stall"], pitch=str(raw.get("pitch", "")), items=items)


def newest_mtime(folder):
    times = [p.stat().st_mtime for p in folder.glob("*.y*ml")]
    return max(times) if times else 0.0


def load_cache():
    if not CACHE_FILE.exists():
        return None
    with open(CACHE_FILE, "rb") as handle:
        return pickle.load(handle)


def save_cache(stamp, menus):
    with open(CACHE_FILE, "wb") as handle:
        pickle.dump({"stamp": stamp, "menus": menus}, handle)


def load_all(folder, use_cache=True):
    stamp = newest_mtime(folder)
    if use_cache:
        cached = load_cache()
        if cached and cached.get("stamp") == stamp:
            log.debug("using cached menus")
            return cached["menus"]
    menus = []
    for path in sorted(folder.glob("*.y*ml")):
        try:
            menus.append(read_menu(path))
        except (KeyError, ValueError, yaml.YAMLError) as exc:
            log.warning("skipping %s: %s", path.name, exc)
    save_cache(stamp, menus)
    return menus


def board_lines(menus, veg_only=False):
    for menu in sorted(menus, key=lambda m: m.pitch):
        items = [i for i in menu.items if i.vegetarian or not veg_only]
        if not items:
            continue
        yield "[{}] {}".format(menu.pitch, menu.stall)
        for item in items:
            mark = " (v)" if item.vegetarian else ""
            yield "    {:<28} {:>6.2f}{}".format(item.name, item.price, mark)


def main():
    parser = argparse.ArgumentParser(description="Build menu board text")
    parser.add_argument("--menus", type=Path, default=MENU_DIR)
    parser.add_argument("--no-cache", action="store_true")
    parser.add_argument("--veg", action="store_true")
    parser.add_argument("--verbose", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)

    menus = load_all(args.menus, use_cache=not args.no_cache)
    log.info("%d stall menus loaded", len(menus))
    for line in board_lines(menus, veg_only=args.veg):
        print(line)


if __name__ == "__main__":
    main()
