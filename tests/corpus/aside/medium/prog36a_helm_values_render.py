#!/usr/bin/env python3
"""Merge layered Helm values files into one effective values file per environment.

Layout expected in the repository:

    charts/<chart>/values.yaml            base values
    environments/<env>/<chart>.yaml       per-environment overrides

Values files may contain custom tags (``!secretRef``, ``!include``) used by
the platform team, so they are loaded with the full loader.  The merged
result is written to build/<env>/<chart>.values.yaml for ``helm upgrade -f``.
"""
import argparse
import copy
import logging
import os
import sys
from pathlib import Path
from string import Template

from yaml import dump, load, Loader

LOG = logging.getLogger("values-render")


def deep_merge(base, override):
    """Recursively merge override into a copy of base."""
    result = copy.deepcopy(base)
    for key, value in (override or {}).items():
        if isinstance(value, dict) and isinstance(result.get(key), dict):
            result[key] = deep_merge(result[key], value)
        else:
            result[key] = copy.deepcopy(value)
    return result


def read_values(path: Path):
    if not path.exists():
        LOG.debug("no values at %s", path)
        return {}
    with open(path, "r", encoding="utf-8") as handle:
        data = load(handle, Loader=Loader)
    if data is None:
        return {}
    if not isinstance(data, dict):
        raise ValueError(f"{path}: top level must be a mapping, got {type(data).__name__}")
    return data


def substitute(node, mapping):
    """Expand ${VAR} placeholders in string leaves using mapping."""
    if isinstance(node, dict):
        return {k: substitute(v, mapping) for k, v in node.items()}
    if isinstance(node, list):
        return [substitute(v, mapping) for v in node]
    if isinstance(node, str) and "$" in node:
        return Template(node).safe_substitute(mapping)
    return node


class Renderer:
    def __init__(self, repo: Path, out_dir: Path, env_vars: dict):
        self.repo = repo
        self.out_dir = out_dir
        self.env_vars = env_vars

    def charts(self):
        charts_dir = self.repo / "charts"
        return sorted(p.name for p in charts_dir.iterdir() if (p / "Chart.yaml").exists())

    def render(self, env: str, chart: str) -> Path:
        base = read_values(self.repo / "charts" / chart / "values.yaml")
        overlay = read_values(self.repo / "environments" / env / f"{chart}.yaml")
        merged = deep_merge(base, overlay)
        merged.setdefault("global", {})["environment"] = env
        merged = substitute(merged, dict(self.env_vars, ENVIRONMENT=env, CHART=chart))

        target = self.out_dir / env / f"{chart}.values.yaml"
        target.parent.mkdir(parents=True, exist_ok=True)
        with open(target, "w", encoding="utf-8") as fh:
            dump(merged, fh, default_flow_style=False, sort_keys=True)
        return target


def parse_args(argv):
    p = argparse.ArgumentParser(description="render effective Helm values")
    p.add_argument("environments", nargs="+", help="environment names, e.g. dev staging prod")
    p.add_argument("--repo", default=".", type=Path)
    p.add_argument("--out", default="build", type=Path)
    p.add_argument("--chart", action="append", help="limit to these charts")
    p.add_argument("--var", action="append", default=[], metavar="KEY=VALUE",
                   help="extra substitution variables")
    p.add_argument("--debug", action="store_true")
    return p.parse_args(argv)


def main(argv=None):
    args = parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.debug else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    extra = {}
    for item in args.var:
        if "=" not in item:
            LOG.error("bad --var %r, expected KEY=VALUE", item)
            return 2
        k, v = item.split("=", 1)
        extra[k] = v
    env_vars = {"CLUSTER_DOMAIN": os.environ.get("CLUSTER_DOMAIN", "cluster.local")}
    env_vars.update(extra)

    renderer = Renderer(args.repo, args.out, env_vars)
    charts = args.chart or renderer.charts()
    failures = 0
    for env in args.environments:
        for chart in charts:
            try:
                path = renderer.render(env, chart)
                LOG.info("rendered %s", path)
            except (OSError, ValueError) as exc:
                failures += 1
                LOG.error("%s/%s: %s", env, chart, exc)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
