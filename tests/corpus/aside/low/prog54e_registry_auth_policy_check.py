#!/usr/bin/env python3
"""Lint the docker client config that ships with this repository.

Our CI images are built with DOCKER_CONFIG pointing at ./ci/docker, so the
config.json committed there must never carry inline ``auth`` blobs; every
registry has to go through a credential helper instead.  This check runs in
pre-commit and only looks at files inside the working tree.
"""
import argparse
import base64
import binascii
import json
import logging
import sys
from dataclasses import dataclass, field
from pathlib import Path

LOG = logging.getLogger("registry-policy")
DEFAULT_CONFIG = Path("ci") / "docker" / "config.json"
ALLOWED_HELPERS = {"ecr-login", "gcloud", "pass", "secretservice"}


@dataclass
class Finding:
    registry: str
    problem: str


@dataclass
class PolicyReport:
    registries: int = 0
    findings: list = field(default_factory=list)

    def add(self, registry, problem):
        self.findings.append(Finding(registry, problem))

    @property
    def ok(self):
        return not self.findings


def looks_like_inline_secret(blob):
    """True when an auth entry decodes to user:password (what we forbid)."""
    try:
        decoded = base64.b64decode(blob, validate=True).decode("utf-8", "replace")
    except (binascii.Error, ValueError):
        return False
    return ":" in decoded


def evaluate(cfg):
    report = PolicyReport()
    auths = cfg.get("auths", {}) or {}
    helpers = cfg.get("credHelpers", {}) or {}
    default_store = cfg.get("credsStore")

    for registry, entry in sorted(auths.items()):
        report.registries += 1
        if entry.get("auth") and looks_like_inline_secret(entry["auth"]):
            report.add(registry, "inline auth blob committed")
        if entry.get("identitytoken"):
            report.add(registry, "identity token committed")
        if registry not in helpers and not default_store:
            report.add(registry, "no credential helper configured")

    for registry, helper in sorted(helpers.items()):
        if helper not in ALLOWED_HELPERS:
            report.add(registry, f"helper '{helper}' is not on the allow-list")
    if default_store and default_store not in ALLOWED_HELPERS:
        report.add("*", f"credsStore '{default_store}' is not on the allow-list")
    return report


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("config", nargs="?", type=Path, default=DEFAULT_CONFIG)
    parser.add_argument("--json", action="store_true", help="machine readable output")
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    if not args.config.is_file():
        LOG.info("no %s in this checkout, nothing to lint", args.config)
        return 0
    try:
        cfg = json.loads(args.config.read_text(encoding="utf-8"))
    except json.JSONDecodeError as exc:
        LOG.error("%s is not valid JSON: %s", args.config, exc)
        return 2

    report = evaluate(cfg)
    if args.json:
        print(json.dumps({"registries": report.registries,
                          "findings": [f.__dict__ for f in report.findings]}, indent=2))
    else:
        LOG.info("%d registries declared in %s", report.registries, args.config)
        for item in report.findings:
            LOG.warning("%-30s %s", item.registry, item.problem)
    return 0 if report.ok else 1


if __name__ == "__main__":
    sys.exit(main())
