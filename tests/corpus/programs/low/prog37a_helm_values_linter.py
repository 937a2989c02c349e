#!/usr/bin/env python3
"""Lint Helm values files in the current chart directory.

Checks every values*.yaml under the chart for common production mistakes:
missing resource limits, floating image tags, privileged security contexts
requested by accident and replica counts of zero. Writes a JSON report next
to the chart so CI can attach it as an artifact.
"""
import argparse
import json
import logging
import sys
from dataclasses import dataclass, field, asdict
from pathlib import Path

import yaml

LOG = logging.getLogger("values-lint")

FLOATING_TAGS = {"latest", "main", "master", "edge", "nightly", ""}


@dataclass
class Finding:
    file: str
    path: str
    severity: str
    message: str


@dataclass
class Report:
    chart: str
    files_checked: int = 0
    findings: list = field(default_factory=list)

    def add(self, *args):
        self.findings.append(Finding(*args))

    @property
    def errors(self):
        return [f for f in self.findings if f.severity == "error"]


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


def check_images(fname, tree, report):
    for path, mapping in walk(tree):
        if "repository" in mapping and "tag" in mapping:
            tag = str(mapping.get("tag") or "")
            if tag in FLOATING_TAGS:
                report.add(fname, path, "error", f"floating image tag '{tag or '<empty>'}'")
            elif "@sha256:" not in tag and not mapping.get("digest"):
                report.add(fname, path, "warning", "image not pinned by digest")


def check_resources(fname, tree, report):
    for path, mapping in walk(tree):
        if "resources" not in mapping:
            continue
        res = mapping.get("resources") or {}
        if not res.get("limits"):
            report.add(fname, f"{path}.resources", "error", "no resource limits")
        if not res.get("requests"):
            report.add(fname, f"{path}.resources", "warning", "no resource requests")


def check_security(fname, tree, report):
    for path, mapping in walk(tree):
        ctx = mapping.get("securityContext")
        if not isinstance(ctx, dict):
            continue
        if ctx.get("privileged"):
            report.add(fname, f"{path}.securityContext", "error", "privileged: true requested")
        if ctx.get("runAsUser") == 0:
            report.add(fname, f"{path}.securityContext", "warning", "runs as root")


def check_replicas(fname, tree, report):
    for path, mapping in walk(tree):
        if mapping.get("replicaCount") == 0:
            report.add(fname, path, "warning", "replicaCount is 0")


CHECKS = (check_images, check_resources, check_security, check_replicas)


def load_values(path):
    with path.open("r", encoding="utf-8") as fh:
        docs = [d for d in yaml.safe_load_all(fh) if d is not None]
    merged = {}
    for doc in docs:
        if isinstance(doc, dict):
            merged.update(doc)
    return merged


def lint_chart(chart_dir):
    report = Report(chart=chart_dir.name)
    for values_file in sorted(chart_dir.glob("values*.yaml")):
        LOG.debug("checking %s", values_file)
        try:
            tree = load_values(values_file)
        except yaml.YAMLError as exc:
            report.add(values_file.name, "", "error", f"invalid YAML: {exc}")
            continue
        report.files_checked += 1
        for check in CHECKS:
            check(values_file.name, tree, report)
    return report


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("chart", nargs="?", default=".", help="chart directory")
    parser.add_argument("--report", default="values-lint.json")
    parser.add_argument("--strict", action="store_true", help="fail on warnings too")
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args(argv)

    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")
    chart_dir = Path(args.chart).resolve()
    if not (chart_dir / "Chart.yaml").exists():
        LOG.error("%s does not look like a Helm chart", chart_dir)
        return 2

    report = lint_chart(chart_dir)
    out = chart_dir / args.report
    out.write_text(json.dumps(asdict(report), indent=2), encoding="utf-8")

    for f in report.findings:
        LOG.info("%-7s %s %s: %s", f.severity, f.file, f.path, f.message)
    LOG.info("%d files, %d findings, report at %s",
             report.files_checked, len(report.findings), out)

    failing = report.findings if args.strict else report.errors
    return 1 if failing else 0


if __name__ == "__main__":
    sys.exit(main())
