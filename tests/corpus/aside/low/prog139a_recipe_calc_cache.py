#!/usr/bin/env python3
"""Recipe calculator with a local result cache.

Computes OG, IBU and colour for every recipe JSON in ./recipes and writes a
summary to ./build. Calculations are cached in ./.cache keyed by a hash of the
recipe contents, so re-runs are instant. `clean` removes the build and cache
directories this tool created.
"""
import argparse
import hashlib
import json
import logging
import math
import os
import shutil
import tempfile
from pathlib import Path

log = logging.getLogger("recipecalc")

CACHE_DIR = Path(".cache/recipecalc")
BUILD_DIR = Path("build")


def cache_key(raw):
    # content hash only used to name cache entries
    return hashlib.md5(raw).hexdigest()


def original_gravity(recipe):
    points = sum(f["kg"] * f.get("ppg", 36) * 2.2046 for f in recipe["fermentables"])
    gallons = recipe["batch_l"] / 3.785
    return 1 + (points * recipe.get("efficiency", 0.72)) / gallons / 1000


def ibu(recipe, og):
    total = 0.0
    for h in recipe.get("hops", []):
        util = (1.65 * 0.000125 ** (og - 1)) * ((1 - math.exp(-0.04 * h["minutes"])) / 4.15)
        total += util * h["alpha"] / 100 * h["g"] * 1000 / recipe["batch_l"]
    return total


def srm(recipe):
    mcu = sum(f["kg"] * 2.2046 * f.get("lovibond", 2) for f in recipe["fermentables"])
    mcu /= recipe["batch_l"] / 3.785
    return 1.4922 * mcu ** 0.6859


def calculate(recipe):
    og = original_gravity(recipe)
    return {"name": recipe["name"], "og": round(og, 3),
            "ibu": round(ibu(recipe, og), 1), "srm": round(srm(recipe), 1)}


class Cache:
    def __init__(self, root):
        self.root = root
        self.root.mkdir(parents=True, exist_ok=True)

    def get(self, key):
        p = self.root / f"{key}.json"
        return json.loads(p.read_text()) if p.exists() else None

    def put(self, key, value):
        (self.root / f"{key}.json").write_text(json.dumps(value))


def write_atomic(path, text):
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=".summary-")
    with os.fdopen(fd, "w") as fh:
        fh.write(text)
    os.chmod(tmp, 0o600)
    os.replace(tmp, path)


def build(src):
    cache = Cache(CACHE_DIR)
    results, hits = [], 0
    for f in sorted(Path(src).glob("*.json")):
        raw = f.read_bytes()
        key = cache_key(raw)
        res = cache.get(key)
        if res is None:
            try:
                res = calculate(json.loads(raw))
            except (KeyError, ValueError, ZeroDivisionError) as exc:
                log.warning("skipping %s: %s", f.name, exc)
                continue
            cache.put(key, res)
        else:
            hits += 1
        results.append(res)
    write_atomic(BUILD_DIR / "summary.json", json.dumps(results, indent=2))
    log.info("%d recipes (%d from cache) -> %s", len(results), hits, BUILD_DIR / "summary.json")


def clean():
    for d in (BUILD_DIR, CACHE_DIR.parent):
        if d.exists():
            shutil.rmtree(d)
            log.info("removed %s", d)


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("command", choices=["build", "clean"], nargs="?", default="build")
    ap.add_argument("--src", default="recipes")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")
    if args.command == "clean":
        clean()
    else:
        build(args.src)


if __name__ == "__main__":
    main()
