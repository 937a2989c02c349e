#!/usr/bin/env python3
"""Build and run a data-cleaning pipeline described in YAML.

Example pipeline.yml::

    source: data/raw.csv
    sink: data/clean.csv
    steps:
      - use: "builtins:str.strip"        # resolved with importlib
        field: name
      - use: "prog_steps:drop_empty"
      - use: "decimal:Decimal"
        field: amount

Steps are "module:qualname" strings resolved through ``__import__`` and a
chain of ``getattr`` calls, the same convention setuptools entry points use.
"""
import argparse
import csv
import functools
import logging
import sys
from pathlib import Path

import yaml

log = logging.getLogger("pipeline")


def resolve_ref(ref):
    """Turn 'pkg.mod:Outer.inner' into the object it names."""
    module_name, _, qualname = ref.partition(":")
    if not qualname:
        raise ValueError("reference %r needs a ':'" % ref)
    module = __import__(module_name, fromlist=[qualname.split(".")[0]])
    return functools.reduce(getattr, qualname.split("."), module)


class FieldStep:
    def __init__(self, func, field, kwargs):
        self.func, self.field, self.kwargs = func, field, kwargs

    def __call__(self, rows):
        for row in rows:
            if self.field in row:
                row[self.field] = self.func(row[self.field], **self.kwargs)
            yield row


class RowsStep:
    def __init__(self, func, kwargs):
        self.func, self.kwargs = func, kwargs

    def __call__(self, rows):
        return self.func(rows, **self.kwargs)


class Pipeline:
    def __init__(self, spec, base_dir):
        self.base = Path(base_dir)
        self.source = self.base / spec["source"]
        self.sink = self.base / spec.get("sink", "out.csv")
        self.steps = [self._build(i, s) for i, s in enumerate(spec.get("steps", []))]

    @staticmethod
    def _build(index, step):
        func = resolve_ref(step["use"])
        kwargs = step.get("with", {}) or {}
        log.debug("step %d: %s", index, step["use"])
        if "field" in step:
            return FieldStep(func, step["field"], kwargs)
        return RowsStep(func, kwargs)

    def run(self, limit=None):
        with self.source.open(newline="", encoding="utf-8") as fh:
            reader = csv.DictReader(fh)
            fields = reader.fieldnames or []
            rows = iter(list(reader)[:limit] if limit else list(reader))
        for step in self.steps:
            rows = step(rows)
        out = list(rows)
        self.sink.parent.mkdir(parents=True, exist_ok=True)
        with self.sink.open("w", newline="", encoding="utf-8") as fh:
            writer = csv.DictWriter(fh, fieldnames=fields, extrasaction="ignore")
            writer.writeheader()
            writer.writerows(out)
        return len(out)


def load_spec(path):
    with open(path, encoding="utf-8") as fh:
        # full loader so specs can use !!python/name tags for custom steps
        return yaml.load(fh, Loader=yaml.Loader)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("spec", nargs="?", default="pipeline.yml")
    ap.add_argument("--limit", type=int)
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("-v", "--verbose", action="count", default=0)
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)

    try:
        spec = load_spec(args.spec)
        sys.path.insert(0, str(Path(args.spec).resolve().parent))
        pipeline = Pipeline(spec, Path(args.spec).parent)
    except (OSError, KeyError, ValueError, ImportError, AttributeError,
            yaml.YAMLError) as exc:
        log.error("invalid pipeline %s: %s", args.spec, exc)
        return 2
    log.info("%d steps: %s -> %s", len(pipeline.steps), pipeline.source, pipeline.sink)
    if args.dry_run:
        return 0
    count = pipeline.run(args.limit)
    log.info("wrote %d rows", count)
    return 0


if __name__ == "__main__":
    sys.exit(main())
