#!/usr/bin/env python3
"""Import recipe archives shared by partner breweries.

Partners send .tar.gz bundles containing recipe YAML files plus label
artwork. This unpacks each bundle into ./imported/<bundle>, reads the
recipes and appends a summary line per recipe to recipes_index.csv.
"""
import argparse
import csv
import logging
import sys
import tarfile
from pathlib import Path

import yaml

LOG = logging.getLogger("recipeimport")

REQUIRED = ("name", "style", "og", "fg")
LOADERS = {
    ".yaml": lambda fh: yaml.load(fh, Loader=yaml.Loader),
    ".yml": lambda fh: yaml.load(fh, Loader=yaml.Loader),
}


class Recipe:
    def __init__(self, data, source):
        self.data = data
        self.source = source

    def valid(self):
        return isinstance(self.data, dict) and all(k in self.data for k in REQUIRED)

    @property
    def abv(self):
        return round((float(self.data["og"]) - float(self.data["fg"])) * 131.25, 2)

    def row(self):
        return [self.data["name"], self.data["style"], self.abv, self.source]


def unpack(bundle, dest_root):
    dest = Path(dest_root) / Path(bundle).name.split(".")[0]
    dest.mkdir(parents=True, exist_ok=True)
    with tarfile.open(bundle, "r:*") as tar:
        tar.extractall(dest)
    LOG.info("unpacked %s -> %s", bundle, dest)
    return dest


def read_recipes(folder):
    recipes = []
    for path in sorted(Path(folder).rglob("*")):
        loader = LOADERS.get(path.suffix.lower())
        if not loader:
            continue
        try:
            with path.open() as fh:
                recipe = Recipe(loader(fh), str(path))
        except (OSError, yaml.YAMLError) as exc:
            LOG.warning("cannot parse %s: %s", path, exc)
            continue
        if recipe.valid():
            recipes.append(recipe)
        else:
            LOG.warning("incomplete recipe in %s", path)
    return recipes


def main(argv=None):
    p = argparse.ArgumentParser(description="partner recipe archive import")
    p.add_argument("bundles", nargs="+", help=".tar.gz files from partners")
    p.add_argument("--dest", default="imported")
    p.add_argument("--index", default="recipes_index.csv")
    args = p.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    total = 0
    new_index = not Path(args.index).exists()
    with open(args.index, "a", newline="") as fh:
        writer = csv.writer(fh)
        if new_index:
            writer.writerow(["name", "style", "abv", "source"])
        for bundle in args.bundles:
            try:
                folder = unpack(bundle, args.dest)
            except (OSError, tarfile.TarError) as exc:
                LOG.error("skipping %s: %s", bundle, exc)
                continue
            for recipe in read_recipes(folder):
                try:
                    writer.writerow(recipe.row())
                    total += 1
                except (ValueError, TypeError) as exc:
                    LOG.warning("bad gravity in %s: %s", recipe.source, exc)
    LOG.info("indexed %d recipes", total)
    return 0 if total else 1


if __name__ == "__main__":
    sys.exit(main())
