#!/usr/bin/env python3
"""Flatten CI pipeline definitions (YAML with anchors and tags) into JSON.

The user's pipelines use custom tags such as !!python/tuple for matrix
entries, so the loader is configured to understand the full YAML tag set.
Output goes to ./pipelines_json, one file per input document.
"""
import argparse
import json
import logging
import os
import sys
from dataclasses import dataclass, field
from pathlib import Path

from yaml import YAMLError, load_all, Loader as FullTagLoader

LOG = logging.getLogger("pipeline-flatten")


@dataclass
class Job:
    name: str
    stage: str
    script: list
    matrix: list = field(default_factory=list)

    @classmethod
    def from_mapping(cls, name, raw):
        matrix = raw.get("matrix") or []
        return cls(name=name,
                   stage=raw.get("stage", "test"),
                   script=list(raw.get("script", [])),
                   matrix=[list(m) if isinstance(m, tuple) else m for m in matrix])


def read_pipeline(path):
    """Yield every YAML document in *path* using the full-tag loader."""
    with open(path, "r", encoding="utf-8") as stream:
        for doc in load_all(stream, Loader=FullTagLoader):
            if doc:
                yield doc


def flatten(doc):
    jobs = []
    for key, value in doc.items():
        if key.startswith(".") or not isinstance(value, dict):
            continue  # hidden templates and globals
        if "script" in value:
            jobs.append(Job.from_mapping(key, value))
    return jobs


def write_json(jobs, target):
    payload = {
        "stages": sorted({j.stage for j in jobs}),
        "jobs": [j.__dict__ for j in jobs],
    }
    target.parent.mkdir(parents=True, exist_ok=True)
    with open(target, "w", encoding="utf-8") as fh:
        json.dump(payload, fh, indent=2)
    return len(payload["jobs"])


def process(src, out_dir):
    total = 0
    for idx, doc in enumerate(read_pipeline(src)):
        jobs = flatten(doc)
        suffix = f"-{idx}" if idx else ""
        target = out_dir / f"{src.stem}{suffix}.json"
        total += write_json(jobs, target)
        LOG.info("%s -> %s (%d jobs)", src.name, target, len(jobs))
    return total


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("inputs", nargs="*", default=[".gitlab-ci.yml"])
    ap.add_argument("--out", default="pipelines_json")
    ap.add_argument("--quiet", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.WARNING if args.quiet else logging.INFO,
                        format="%(asctime)s %(message)s")

    out_dir = Path(args.out)
    failures = 0
    for name in args.inputs:
        src = Path(name)
        if not src.is_file():
            LOG.error("missing input %s", src)
            failures += 1
            continue
        try:
            count = process(src, out_dir)
        except YAMLError as exc:
            LOG.error("YAML error in %s: %s", src, exc)
            failures += 1
            continue
        LOG.info("total jobs from %s: %d", src, count)
    if failures:
        LOG.warning("%d file(s) failed", failures)
    return os.EX_DATAERR if failures else os.EX_OK


if __name__ == "__main__":
    sys.exit(main())
