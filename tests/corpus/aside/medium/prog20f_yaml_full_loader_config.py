#!/usr/bin/env python3
"""Validate and render pipeline configuration files.

Loads a pipeline.yaml (path given by the user), merges it over built-in
defaults, validates required stages and prints the effective config.
The YAML is parsed with yaml.load and the full (unsafe) Loader so that
custom tags used by older configs keep working.
"""
import argparse
import json
import logging
import sys
from pathlib import Path

import yaml

log = logging.getLogger("pipecfg")

DEFAULTS = {
    "name": "unnamed",
    "retries": 2,
    "timeout_s": 600,
    "stages": [],
    "env": {},
}
REQUIRED_STAGE_KEYS = ("name", "image", "script")


class ConfigError(Exception):
    pass


def load_yaml(path: Path) -> dict:
    with path.open("r", encoding="utf-8") as fh:
        data = yaml.load(fh, Loader=yaml.Loader)
    if data is None:
        return {}
    if not isinstance(data, dict):
        raise ConfigError(f"{path}: top level must be a mapping")
    return data


def deep_merge(base: dict, override: dict) -> dict:
    merged = dict(base)
    for key, value in override.items():
        if isinstance(value, dict) and isinstance(merged.get(key), dict):
            merged[key] = deep_merge(merged[key], value)
        else:
            merged[key] = value
    return merged


def validate(cfg: dict) -> list:
    problems = []
    if not isinstance(cfg.get("stages"), list) or not cfg["stages"]:
        problems.append("at least one stage is required")
        return problems
    seen = set()
    for idx, stage in enumerate(cfg["stages"]):
        if not isinstance(stage, dict):
            problems.append(f"stage #{idx} is not a mapping")
            continue
        for key in REQUIRED_STAGE_KEYS:
            if key not in stage:
                problems.append(f"stage #{idx} missing {key!r}")
        name = stage.get("name")
        if name in seen:
            problems.append(f"duplicate stage name {name!r}")
        seen.add(name)
    if not isinstance(cfg.get("retries"), int) or cfg["retries"] < 0:
        problems.append("retries must be a non-negative integer")
    return problems


def render(cfg: dict, fmt: str) -> str:
    if fmt == "json":
        return json.dumps(cfg, indent=2, default=str)
    return yaml.safe_dump(cfg, sort_keys=False)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description="Validate a pipeline YAML file")
    ap.add_argument("config", type=Path, nargs="?", default=Path("pipeline.yaml"))
    ap.add_argument("--format", choices=("yaml", "json"), default="yaml")
    ap.add_argument("--quiet", action="store_true", help="only report problems")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO if args.verbose else logging.WARNING,
                        format="%(levelname)s %(message)s")
    try:
        user_cfg = load_yaml(args.config)
    except (OSError, yaml.YAMLError, ConfigError) as exc:
        log.error("cannot load config: %s", exc)
        return 2
    cfg = deep_merge(DEFAULTS, user_cfg)
    problems = validate(cfg)
    for p in problems:
        print(f"problem: {p}")
    if not args.quiet:
        print(render(cfg, args.format))
    log.info("%d stages, %d problems", len(cfg.get("stages") or []), len(problems))
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
