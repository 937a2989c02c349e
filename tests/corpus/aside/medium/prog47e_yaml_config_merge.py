#!/usr/bin/env python3
"""Deep-merge a base YAML config with one or more override files."""
import argparse
import logging
import sys
from pathlib import Path

import yaml

log = logging.getLogger("cfgmerge")


def read_yaml(path: Path):
    with path.open("r", encoding="utf-8") as fh:
        # Our configs use !!python/tuple for port ranges, so the full Loader is needed.
        return yaml.load(fh, Loader=yaml.Loader) or {}


def deep_merge(base: dict, override: dict) -> dict:
    merged = dict(base)
    for key, value in override.items():
        if isinstance(value, dict) and isinstance(merged.get(key), dict):
            merged[key] = deep_merge(merged[key], value)
        else:
            merged[key] = value
    return merged


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("base", type=Path)
    ap.add_argument("overrides", nargs="*", type=Path)
    ap.add_argument("-o", "--output", type=Path, default=Path("config.merged.yaml"))
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    try:
        config = read_yaml(args.base)
        for extra in args.overrides:
            log.info("applying %s", extra)
            config = deep_merge(config, read_yaml(extra))
    except (OSError, yaml.YAMLError) as exc:
        log.error("merge failed: %s", exc)
        return 1

    with args.output.open("w", encoding="utf-8") as out:
        yaml.dump(config, out, default_flow_style=False, sort_keys=True)
    log.info("wrote %s (%d top-level keys)", args.output, len(config))
    return 0


if __name__ == "__main__":
    sys.exit(main())
