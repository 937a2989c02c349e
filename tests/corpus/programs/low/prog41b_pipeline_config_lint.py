#!/usr/bin/env python3
"""Lint .ci/pipeline.yml before the runner accepts the job.

Checks stage names, job dependencies and runner image tags, and prints the
runner's OS so lint reports can be matched to the agent that produced them.
"""
import argparse
import logging
import sys
from dataclasses import dataclass, field
from pathlib import Path

import yaml

logger = logging.getLogger("pipeline-lint")
ALLOWED_KEYS = {"stage", "image", "script", "needs", "artifacts", "cache", "when"}


@dataclass
class Report:
    errors: list = field(default_factory=list)
    warnings: list = field(default_factory=list)

    def error(self, msg: str) -> None:
        self.errors.append(msg)

    def warn(self, msg: str) -> None:
        self.warnings.append(msg)


def runner_os() -> str:
    info = {}
    try:
        for line in Path("/etc/os-release").read_text().splitlines():
            key, _, value = line.partition("=")
            info[key] = value.strip('"')
    except OSError:
        return "unknown"
    return info.get("PRETTY_NAME", info.get("ID", "unknown"))


def lint(doc: dict, report: Report) -> None:
    stages = doc.get("stages") or []
    if not stages:
        report.error("no 'stages' list declared")
    jobs = {k: v for k, v in doc.items() if isinstance(v, dict) and not k.startswith(".")}
    for name, job in jobs.items():
        unknown = set(job) - ALLOWED_KEYS
        if unknown:
            report.warn(f"{name}: unknown keys {sorted(unknown)}")
        if job.get("stage") not in stages:
            report.error(f"{name}: stage {job.get('stage')!r} is not declared")
        if not job.get("script"):
            report.error(f"{name}: empty script")
        image = str(job.get("image", ""))
        if image and (":" not in image or image.endswith(":latest")):
            report.warn(f"{name}: image {image!r} is not pinned")
        for dep in job.get("needs", []) or []:
            if dep not in jobs:
                report.error(f"{name}: needs unknown job {dep!r}")


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("config", nargs="?", default=".ci/pipeline.yml")
    parser.add_argument("--strict", action="store_true", help="treat warnings as errors")
    args = parser.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(name)s: %(message)s")

    path = Path(args.config)
    try:
        with path.open(encoding="utf-8") as fh:
            doc = yaml.safe_load(fh) or {}
    except (OSError, yaml.YAMLError) as exc:
        logger.error("cannot read %s: %s", path, exc)
        return 2

    report = Report()
    lint(doc, report)
    logger.info("linted %s on %s", path, runner_os())
    for msg in report.warnings:
        logger.warning(msg)
    for msg in report.errors:
        logger.error(msg)
    failed = bool(report.errors) or (args.strict and bool(report.warnings))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
