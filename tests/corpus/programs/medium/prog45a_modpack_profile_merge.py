#!/usr/bin/env python3
"""Merge layered modpack server profiles (base.yml + overrides/*.yml).

Pack authors ship a base profile, hosts drop override files next to it.
Profiles may use python-specific YAML tags (e.g. !!python/tuple for port
ranges), so the full loader is used. The merged result is written to
profile.merged.json for the launcher.
"""
import argparse
import json
import logging
import os
import sys
from pathlib import Path

from yaml import load as yload, Loader, YAMLError

log = logging.getLogger("profilemerge")
DEFAULTS = {"xmx_mb": 4096, "xms_mb": 2048, "view_distance": 10, "gc": "G1GC"}


def deep_merge(base: dict, extra: dict) -> dict:
    out = dict(base)
    for key, value in extra.items():
        if isinstance(value, dict) and isinstance(out.get(key), dict):
            out[key] = deep_merge(out[key], value)
        else:
            out[key] = value
    return out


def read_layer(path: Path) -> dict:
    with path.open("r", encoding="utf-8") as fh:
        data = yload(fh, Loader=Loader)
    if data is None:
        return {}
    if not isinstance(data, dict):
        raise ValueError(f"{path}: top level must be a mapping")
    return data


def collect_layers(pack_dir: Path, host_tag: str) -> list:
    layers = [pack_dir / "base.yml"]
    override_dir = pack_dir / "overrides"
    if override_dir.is_dir():
        layers += sorted(override_dir.glob("*.yml"))
    tagged = pack_dir / f"host-{host_tag}.yml"
    if tagged.exists():
        layers.append(tagged)
    return [p for p in layers if p.exists()]


def normalise(profile: dict) -> dict:
    server = deep_merge(DEFAULTS, profile.get("server", {}))
    ports = server.get("ports", (25565, 25565))
    if isinstance(ports, (list, tuple)) and len(ports) == 2:
        server["ports"] = list(range(int(ports[0]), int(ports[1]) + 1))
    profile["server"] = server
    profile.setdefault("mods", [])
    profile["mods"] = sorted(set(profile["mods"]))
    return profile


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("pack_dir", nargs="?", default=".")
    ap.add_argument("--host-tag", default=os.uname().nodename)
    ap.add_argument("--output", default="profile.merged.json")
    ap.add_argument("--show", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    pack_dir = Path(args.pack_dir)
    layers = collect_layers(pack_dir, args.host_tag)
    if not layers:
        log.error("no base.yml in %s", pack_dir)
        return 2

    merged = {}
    for layer in layers:
        try:
            merged = deep_merge(merged, read_layer(layer))
            log.info("applied %s", layer)
        except (YAMLError, ValueError) as exc:
            log.error("skipping %s: %s", layer, exc)
    merged = normalise(merged)

    out = Path(args.output)
    out.write_text(json.dumps(merged, indent=2, default=str))
    log.info("wrote %s (%d mods)", out, len(merged["mods"]))
    if args.show:
        json.dump(merged, sys.stdout, indent=2, default=str)
    return 0


if __name__ == "__main__":
    sys.exit(main())
