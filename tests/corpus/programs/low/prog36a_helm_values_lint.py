#!/usr/bin/env python3
"""Lint Helm chart values files for missing resource requests and limits.

Walks the charts/ tree in the current repository, loads every values*.yaml
file and reports containers that do not declare CPU/memory requests or
limits, images pinned to ``latest`` and replica counts below a threshold.
The report is written as JSON next to the charts so CI can archive it.
"""
import argparse
import json
import logging
import sys
from dataclasses import dataclass, field, asdict
from pathlib import Path

import yaml

log = logging.getLogger("values-lint")

RESOURCE_KEYS = ("cpu", "memory")


@dataclass
class Finding:
    chart: str
    file: str
    path: str
    rule: str
    message: str


@dataclass
class Report:
    findings: list = field(default_factory=list)
    files_scanned: int = 0

    def add(self, *args):
        self.findings.append(Finding(*args))

    def to_dict(self):
        return {
            "files_scanned": self.files_scanned,
            "findings": [asdict(f) for f in self.findings],
        }


def iter_values_files(root: Path):
    for chart_yaml in sorted(root.rglob("Chart.yaml")):
        chart_dir = chart_yaml.parent
        for values in sorted(chart_dir.glob("values*.yaml")):
            yield chart_dir.name, values


def walk(node, prefix=""):
    """Yield (dotted_path, mapping) for every mapping in the tree."""
    if isinstance(node, dict):
        yield prefix, node
        for key, value in node.items():
            child = f"{prefix}.{key}" if prefix else str(key)
            yield from walk(value, child)
    elif isinstance(node, list):
        for idx, item in enumerate(node):
            yield from walk(item, f"{prefix}[{idx}]")


def check_resources(chart, fname, path, mapping, report):
    res = mapping.get("resources")
    if res is None:
        return
    if not isinstance(res, dict):
        report.add(chart, fname, path, "resources-type", "resources must be a mapping")
        return
    for section in ("requests", "limits"):
        block = res.get(section) or {}
        for key in RESOURCE_KEYS:
            if key not in block:
                report.add(chart, fname, f"{path}.resources.{section}", f"missing-{section}-{key}",
                           f"{section}.{key} is not set")


def check_image(chart, fname, path, mapping, report):
    image = mapping.get("image")
    if isinstance(image, dict):
        tag = str(image.get("tag", "")).strip()
        if tag in ("", "latest"):
            report.add(chart, fname, f"{path}.image.tag", "image-tag-latest",
                       "image tag is empty or 'latest'; pin a version")


def check_replicas(chart, fname, path, mapping, report, minimum):
    replicas = mapping.get("replicaCount")
    if isinstance(replicas, int) and replicas < minimum:
        report.add(chart, fname, f"{path}.replicaCount", "low-replicas",
                   f"replicaCount {replicas} is below {minimum}")


def lint_file(chart, values_path, report, min_replicas):
    with values_path.open("r", encoding="utf-8") as fh:
        try:
            doc = yaml.safe_load(fh) or {}
        except yaml.YAMLError as exc:
            report.add(chart, values_path.name, "", "parse-error", str(exc))
            return
    report.files_scanned += 1
    for path, mapping in walk(doc):
        check_resources(chart, values_path.name, path, mapping, report)
        check_image(chart, values_path.name, path, mapping, report)
        check_replicas(chart, values_path.name, path, mapping, report, min_replicas)


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--charts", default="charts", help="directory holding charts")
    parser.add_argument("--output", default="values-lint.json")
    parser.add_argument("--min-replicas", type=int, default=2)
    parser.add_argument("--strict", action="store_true", help="exit 1 on findings")
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args(argv)

    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    root = Path(args.charts)
    if not root.is_dir():
        log.error("charts directory %s not found", root)
        return 2

    report = Report()
    for chart, values_path in iter_values_files(root):
        log.debug("linting %s/%s", chart, values_path.name)
        lint_file(chart, values_path, report, args.min_replicas)

    Path(args.output).write_text(json.dumps(report.to_dict(), indent=2), encoding="utf-8")
    log.info("scanned %d files, %d findings -> %s",
             report.files_scanned, len(report.findings), args.output)
    for f in report.findings[:20]:
        log.info("%s/%s %s: %s", f.chart, f.file, f.rule, f.message)

    if args.strict and report.findings:
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
