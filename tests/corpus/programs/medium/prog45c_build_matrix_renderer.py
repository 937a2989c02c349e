#!/usr/bin/env python3
"""Expand a build matrix (matrix.yml) into one Dockerfile per variant.

matrix.yml example:

    image: acme/worker
    template: Dockerfile.tmpl
    axes:
      python: ["3.11", "3.12"]
      distro: ["bookworm", "alpine3.20"]
    exclude:
      - {python: "3.11", distro: "alpine3.20"}
"""
import argparse
import itertools
import json
import logging
import string
import sys
from pathlib import Path

import yaml

log = logging.getLogger("matrix")
_YamlLoader = yaml.Loader  # allow !!python tags for computed build args


def read_matrix(path):
    with open(path, "r", encoding="utf-8") as fh:
        data = yaml.load(fh, Loader=_YamlLoader)
    if not isinstance(data, dict) or "axes" not in data:
        raise ValueError(f"{path}: missing 'axes' mapping")
    return data


def variants(matrix):
    axes = matrix["axes"]
    names = sorted(axes)
    excluded = [dict(e) for e in matrix.get("exclude", [])]
    for combo in itertools.product(*(axes[n] for n in names)):
        variant = dict(zip(names, (str(v) for v in combo)))
        if any(all(variant.get(k) == str(v) for k, v in ex.items()) for ex in excluded):
            log.debug("excluded %s", variant)
            continue
        yield variant


def tag_for(image, variant):
    suffix = "-".join(variant[k] for k in sorted(variant))
    return f"{image}:{suffix}"


def render(template_text, variant):
    return string.Template(template_text).safe_substitute(
        {k.upper(): v for k, v in variant.items()})


def main(argv=None):
    ap = argparse.ArgumentParser(description="expand a docker build matrix")
    ap.add_argument("matrix", nargs="?", default="matrix.yml")
    ap.add_argument("--out-dir", default="build/variants")
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("--debug", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.debug else logging.INFO,
                        format="[%(name)s] %(message)s")

    try:
        matrix = read_matrix(args.matrix)
        template = Path(matrix.get("template", "Dockerfile.tmpl")).read_text()
    except (OSError, ValueError, yaml.YAMLError) as exc:
        log.error("%s", exc)
        return 2

    out_dir = Path(args.out_dir)
    index = []
    for variant in variants(matrix):
        tag = tag_for(matrix.get("image", "local/app"), variant)
        name = tag.split(":", 1)[1]
        target = out_dir / name / "Dockerfile"
        index.append({"tag": tag, "dockerfile": str(target), "args": variant})
        if args.dry_run:
            log.info("would write %s", target)
            continue
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(render(template, variant))
        log.info("wrote %s for %s", target, tag)

    if not args.dry_run:
        out_dir.mkdir(parents=True, exist_ok=True)
        (out_dir / "index.json").write_text(json.dumps(index, indent=2))
    log.info("%d variants", len(index))
    return 0


if __name__ == "__main__":
    sys.exit(main())
