#!/usr/bin/env python3
"""Load batch job specs through format strategies and print an execution plan."""
import argparse
import json
import logging
from pathlib import Path

import yaml

log = logging.getLogger("jobspec")
_LOADERS = {}


def register_loader(*suffixes):
    def deco(cls):
        for s in suffixes:
            _LOADERS[s] = cls()
        return cls
    return deco


class SpecLoader:
    def load(self, stream) -> dict:
        raise NotImplementedError


@register_loader(".yaml", ".yml")
class YamlSpecLoader(SpecLoader):
    """Supports custom tags (!!python/name etc.) used by legacy job specs."""

    def load(self, stream):
        return yaml.load(stream, Loader=yaml.Loader) or {}


@register_loader(".json")
class JsonSpecLoader(SpecLoader):
    def load(self, stream):
        return json.load(stream)


class JobSpec:
    REQUIRED = ("name", "image", "steps")

    def __init__(self, data: dict, origin: Path):
        missing = [k for k in self.REQUIRED if k not in data]
        if missing:
            raise ValueError(f"{origin}: missing {', '.join(missing)}")
        self.name = data["name"]
        self.image = data["image"]
        self.steps = list(data["steps"])
        self.retries = int(data.get("retries", 0))
        self.depends = list(data.get("depends_on", []))
        self.origin = origin


class SpecRepository:
    def __init__(self, root: Path):
        self.root = root
        self.specs = {}

    def scan(self):
        for path in sorted(self.root.rglob("*")):
            loader = _LOADERS.get(path.suffix)
            if not loader:
                continue
            with path.open() as fh:
                try:
                    spec = JobSpec(loader.load(fh), path)
                except (ValueError, yaml.YAMLError) as exc:
                    log.error("invalid spec: %s", exc)
                    continue
            self.specs[spec.name] = spec
        return self

    def ordered(self):
        seen, order = set(), []

        def visit(name, stack=()):
            if name in stack:
                raise ValueError(f"cycle: {' -> '.join(stack + (name,))}")
            if name in seen:
                return
            for dep in self.specs[name].depends:
                visit(dep, stack + (name,))
            seen.add(name)
            order.append(self.specs[name])

        for name in self.specs:
            visit(name)
        return order


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("root", nargs="?", default="jobs")
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO)

    plan = SpecRepository(Path(args.root)).scan().ordered()
    if args.json:
        print(json.dumps([{"name": j.name, "image": j.image, "steps": j.steps} for j in plan], indent=2))
        return
    for idx, job in enumerate(plan, 1):
        print(f"{idx:>2}. {job.name:<24} {job.image:<30} {len(job.steps)} steps, retries={job.retries}")


if __name__ == "__main__":
    main()
