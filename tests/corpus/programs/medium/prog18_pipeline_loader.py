#!/usr/bin/env python3
"""Loads pipeline definitions written by the data team. Uses the C loader
for speed since the definition files are large."""
import argparse
import logging
from pathlib import Path

import yaml

log = logging.getLogger("pipelines")


def load_definition(path: Path):
    with path.open() as handle:
        return yaml.load(handle, Loader=yaml.CLoader)


def summarize(definition) -> str:
    steps = definition.get("steps", [])
    return f"{definition.get('name', '?')}: {len(steps)} steps"


if __name__ == "__main__":
    parser = argparse.ArgumentParser()
    parser.add_argument("files", nargs="+", type=Path)
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO)
    for item in args.files:
        log.info(summarize(load_definition(item)))
