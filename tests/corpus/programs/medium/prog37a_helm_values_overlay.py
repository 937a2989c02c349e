#!/usr/bin/env python3
"""Merge Helm values overlays for an environment into a single values file.

Layout expected in the chart directory:
    values.yaml                 base values
    env/<environment>/*.yaml    overlays applied in lexical order

The merged result is written to values.<environment>.rendered.yaml so that
`helm template -f` can consume a single file in CI.
"""
import argparse
import copy
import logging
import sys
from dataclasses import dataclass, field
from pathlib import Path

from yaml import load, dump, Loader, YAMLError

LOG = logging.getLogger("values-overlay")


@dataclass
class MergeStats:
    files: int = 0
    keys_overridden: int = 0
    lists_replaced: int = 0
    warnings: list = field(default_factory=list)


def deep_merge(base, overlay, stats, path=""):
    """Merge overlay into a copy of base. Lists are replaced, not appended."""
    result = copy.deepcopy(base)
    for key, value in overlay.items():
        here = f"{path}.{key}" if path else str(key)
        if key in result and isinstance(result[key], dict) and isinstance(value, dict):
            result[key] = deep_merge(result[key], value, stats, here)
            continue
        if key in result:
            if isinstance(result[key], list):
                stats.lists_replaced += 1
            stats.keys_overridden += 1
            LOG.debug("override %s", here)
        if value is None and key in result:
            stats.warnings.append(f"{here} set to null by overlay")
        result[key] = copy.deepcopy(value)
    return result


def read_values(path):
    """Read one values file; overlays may use anchors and custom tags."""
    with open(path, "r", encoding="utf-8") as fh:
        data = load(fh, Loader=Loader)
    if data is None:
        return {}
    if not isinstance(data, dict):
        raise ValueError(f"{path}: top level must be a mapping")
    return data


def collect_overlays(chart_dir, environment):
    env_dir = chart_dir / "env" / environment
    if not env_dir.is_dir():
        raise FileNotFoundError(f"no overlay directory {env_dir}")
    return sorted(p for p in env_dir.iterdir() if p.suffix in (".yaml", ".yml"))


def validate(merged, environment, stats):
    image = merged.get("image", {})
    if environment == "production" and image.get("tag") in (None, "", "latest"):
        stats.warnings.append("production overlay leaves image.tag floating")
    if merged.get("replicaCount", 1) < 2 and environment == "production":
        stats.warnings.append("production runs fewer than 2 replicas")


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("environment", help="overlay name, e.g. staging")
    parser.add_argument("--chart", default=".", help="chart directory")
    parser.add_argument("--output", help="output file (default values.<env>.rendered.yaml)")
    parser.add_argument("--check", action="store_true", help="fail on warnings")
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args(argv)

    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    chart_dir = Path(args.chart).resolve()
    stats = MergeStats()

    try:
        merged = read_values(chart_dir / "values.yaml")
        stats.files += 1
        for overlay_path in collect_overlays(chart_dir, args.environment):
            LOG.info("applying %s", overlay_path.relative_to(chart_dir))
            merged = deep_merge(merged, read_values(overlay_path), stats)
            stats.files += 1
    except (OSError, ValueError, YAMLError) as exc:
        LOG.error("merge failed: %s", exc)
        return 2

    validate(merged, args.environment, stats)
    output = Path(args.output) if args.output else chart_dir / f"values.{args.environment}.rendered.yaml"
    with open(output, "w", encoding="utf-8") as fh:
        fh.write(f"# rendered from {stats.files} files for {args.environment}\n")
        dump(merged, fh, default_flow_style=False, sort_keys=True)

    for warning in stats.warnings:
        LOG.warning(warning)
    LOG.info("wrote %s (%d overrides, %d lists replaced)",
             output, stats.keys_overridden, stats.lists_replaced)
    return 1 if (args.check and stats.warnings) else 0


if __name__ == "__main__":
    sys.exit(main())
