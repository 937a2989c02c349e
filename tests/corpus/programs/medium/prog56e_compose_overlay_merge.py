#!/usr/bin/env python3
"""Merge docker-compose overlay files (base + env-specific) into one file.

Overlays may use YAML anchors and custom tags written by older tooling, so
they are read with the full PyYAML Loader.
"""
import argparse
import copy
import logging
import sys
from pathlib import Path

import yaml

log = logging.getLogger("overlay-merge")

LIST_KEYS_APPEND = {"ports", "volumes", "env_file", "extra_hosts"}


def read_overlay(path):
    with open(path, "r", encoding="utf-8") as fh:
        doc = yaml.load(fh, Loader=yaml.Loader)
    if doc is None:
        return {}
    if not isinstance(doc, dict):
        raise ValueError(f"{path}: expected mapping, got {type(doc).__name__}")
    return doc


def deep_merge(base, extra, path=()):
    out = copy.deepcopy(base)
    for key, value in extra.items():
        here = path + (key,)
        if key in out and isinstance(out[key], dict) and isinstance(value, dict):
            out[key] = deep_merge(out[key], value, here)
        elif key in LIST_KEYS_APPEND and isinstance(out.get(key), list):
            merged = list(out[key])
            for item in value or []:
                if item not in merged:
                    merged.append(item)
            out[key] = merged
        else:
            if key in out and out[key] != value:
                log.debug("override %s: %r -> %r", ".".join(map(str, here)),
                          out[key], value)
            out[key] = copy.deepcopy(value)
    return out


def check_services(doc):
    problems = []
    for name, svc in (doc.get("services") or {}).items():
        if "image" not in svc and "build" not in svc:
            problems.append(f"service {name}: neither image nor build set")
        for port in svc.get("ports", []):
            if str(port).count(":") == 1:
                problems.append(f"service {name}: port {port} binds all interfaces")
    return problems


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("base", type=Path)
    ap.add_argument("overlays", type=Path, nargs="*")
    ap.add_argument("-o", "--output", type=Path, default=Path("compose.merged.yml"))
    ap.add_argument("--strict", action="store_true",
                    help="fail on validation warnings")
    ap.add_argument("-v", "--verbose", action="count", default=0)
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)

    try:
        merged = read_overlay(args.base)
        for overlay in args.overlays:
            log.info("applying %s", overlay)
            merged = deep_merge(merged, read_overlay(overlay))
    except (OSError, ValueError, yaml.YAMLError) as exc:
        log.error("%s", exc)
        return 2

    problems = check_services(merged)
    for p in problems:
        log.warning(p)
    if problems and args.strict:
        return 1

    with args.output.open("w", encoding="utf-8") as fh:
        fh.write("# merged from: " + ", ".join(
            str(p) for p in [args.base, *args.overlays]) + "\n")
        yaml.dump(merged, fh, default_flow_style=False, sort_keys=False)
    log.info("wrote %s (%d services)", args.output,
             len(merged.get("services") or {}))
    return 0


if __name__ == "__main__":
    sys.exit(main())
