#!/usr/bin/env python3
"""Loads pipeline definitions (YAML) and prints the stages."""
import argparse
import logging
from pathlib import Path
from typing import Any, Dict

import yaml

log = logging.getLogger("pipeline")

LOADERS = {"fast": yaml.UnsafeLoader, "compat": yaml.FullLoader}


def load(path: Path, mode: str = "fast") -> Dict[str, Any]:
    with path.open() as fh:
        return yaml.load(fh, Loader=LOADERS[mode])


def stages(doc: Dict[str, Any]):
    for i, stage in enumerate(doc.get("stages", []), 1):
        yield i, stage.get("name", f"stage-{i}"), stage.get("run", "")


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("file", type=Path)
    ap.add_argument("--mode", choices=list(LOADERS), default="fast")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO)
    doc = load(args.file, args.mode)
    for i, name, run in stages(doc):
        print(f"{i:2d}. {name}: {run}")


if __name__ == "__main__":
    main()
