#!/usr/bin/env python3
"""Lint an exported Google Tag Manager container against local rule packs.

    ./tag_container_lint_rules.py GTM-PX8K2Q_workspace12.json
    ./tag_container_lint_rules.py export.json --rules-dir ./rulepacks --format json

Rule packs live in the repo under rulepacks/ so they are reviewed like any
other code. Each pack is a Python file that defines ``RULES``: a list of
callables taking (tag, container) and returning a list of finding strings.
"""
import argparse
import json
import logging
import sys
import types
from dataclasses import dataclass, field
from pathlib import Path

log = logging.getLogger("tag_lint")

DEFAULT_CONFIG = {
    "rules_dir": "rulepacks",
    "packs": ["consent_mode", "naming", "ga4_params", "pii_in_urls"],
    "severity_threshold": "warn",
}


@dataclass
class Finding:
    tag: str
    rule: str
    message: str
    pack: str = ""


@dataclass
class RulePack:
    name: str
    rules: list = field(default_factory=list)
    version: str = "?"


class PackLoader:
    def __init__(self, rules_dir):
        self.rules_dir = Path(rules_dir)

    def _read(self, name):
        path = self.rules_dir / f"{name}.py"
        return path, path.read_text(encoding="utf-8")

    def load(self, name):
        path, source = self._read(name)
        module = types.ModuleType(f"rulepack_{name}")
        module.__file__ = str(path)
        code = compile(source, module.__file__, "exec")
        exec(code, module.__dict__)
        rules = list(getattr(module, "RULES", []))
        log.debug("pack %s: %d rules", name, len(rules))
        return RulePack(name=name, rules=rules, version=getattr(module, "VERSION", "?"))


def load_config(path):
    cfg = dict(DEFAULT_CONFIG)
    if path and Path(path).is_file():
        with open(path) as fh:
            cfg.update(json.load(fh))
    return cfg


def load_container(path):
    with open(path) as fh:
        data = json.load(fh)
    cv = data.get("containerVersion", data)
    return {
        "name": cv.get("container", {}).get("publicId", Path(path).stem),
        "tags": cv.get("tag", []),
        "triggers": {t["triggerId"]: t for t in cv.get("trigger", [])},
        "variables": {v["name"]: v for v in cv.get("variable", [])},
    }


def run_packs(container, packs):
    findings = []
    for pack in packs:
        for rule in pack.rules:
            rule_name = getattr(rule, "__name__", repr(rule))
            for tag in container["tags"]:
                try:
                    msgs = rule(tag, container) or []
                except Exception as exc:  # a broken rule should not stop the lint
                    log.warning("%s.%s crashed on %s: %s", pack.name, rule_name, tag.get("name"), exc)
                    continue
                for msg in msgs:
                    findings.append(Finding(tag.get("name", "?"), rule_name, msg, pack.name))
    return findings


def print_findings(findings, fmt):
    if fmt == "json":
        json.dump([f.__dict__ for f in findings], sys.stdout, indent=2)
        print()
        return
    width = max((len(f.tag) for f in findings), default=10)
    for f in findings:
        print(f"{f.tag:<{width}}  {f.pack}.{f.rule}: {f.message}")


def main(argv=None):
    ap = argparse.ArgumentParser(description="Lint a GTM container export")
    ap.add_argument("export", help="container export JSON")
    ap.add_argument("--config", default="linter.json")
    ap.add_argument("--rules-dir")
    ap.add_argument("--format", choices=["text", "json"], default="text")
    ap.add_argument("--only", help="comma separated pack names")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    cfg = load_config(args.config)
    names = args.only.split(",") if args.only else cfg["packs"]
    loader = PackLoader(args.rules_dir or cfg["rules_dir"])

    packs = []
    for name in names:
        try:
            packs.append(loader.load(name))
        except (OSError, SyntaxError) as exc:
            log.error("could not load pack %s: %s", name, exc)
    if not packs:
        log.error("no rule packs loaded")
        return 2

    container = load_container(args.export)
    log.info("linting %s: %d tags, %d packs", container["name"], len(container["tags"]), len(packs))
    findings = run_packs(container, packs)
    print_findings(findings, args.format)
    return 1 if findings else 0


if __name__ == "__main__":
    sys.exit(main())
