#!/usr/bin/env python3
"""Offline CIS-style linter for collected sshd_config snapshots.

The collection step (run separately by the ops team) copies each host's
sshd_config into ./collected/<hostname>/sshd_config.  This tool only reads
those copies and writes a JSON/Markdown report into ./reports.
"""
from __future__ import annotations

import argparse
import json
import logging
import sys
from dataclasses import dataclass, field, asdict
from pathlib import Path
from typing import Dict, Iterable, List, Optional

LOG = logging.getLogger("sshd_lint")

# (directive, expected value(s), CIS reference, severity)
RULES = [
    ("permitrootlogin", {"no", "prohibit-password"}, "5.2.10", "high"),
    ("passwordauthentication", {"no"}, "5.2.12", "medium"),
    ("permitemptypasswords", {"no"}, "5.2.11", "high"),
    ("x11forwarding", {"no"}, "5.2.6", "low"),
    ("maxauthtries", {"1", "2", "3", "4"}, "5.2.7", "medium"),
    ("ignorerhosts", {"yes"}, "5.2.8", "medium"),
    ("hostbasedauthentication", {"no"}, "5.2.9", "medium"),
    ("loglevel", {"info", "verbose"}, "5.2.5", "low"),
    ("usepam", {"yes"}, "5.2.19", "low"),
]

DEFAULTS = {
    "permitrootlogin": "prohibit-password",
    "passwordauthentication": "yes",
    "permitemptypasswords": "no",
    "x11forwarding": "no",
    "maxauthtries": "6",
    "ignorerhosts": "yes",
    "hostbasedauthentication": "no",
    "loglevel": "info",
    "usepam": "no",
}


@dataclass
class Finding:
    host: str
    directive: str
    actual: str
    expected: List[str]
    reference: str
    severity: str


@dataclass
class HostResult:
    host: str
    passed: int = 0
    failed: int = 0
    findings: List[Finding] = field(default_factory=list)


def parse_sshd_config(text: str) -> Dict[str, str]:
    """Return the effective first-match value of each directive (sshd semantics)."""
    values: Dict[str, str] = {}
    in_match = False
    for raw in text.splitlines():
        line = raw.split("#", 1)[0].strip()
        if not line:
            continue
        parts = line.replace("=", " ", 1).split(None, 1)
        key = parts[0].lower()
        if key == "match":
            in_match = True
            continue
        if in_match or len(parts) < 2:
            continue
        values.setdefault(key, parts[1].strip().lower())
    return values


def evaluate(host: str, values: Dict[str, str]) -> HostResult:
    result = HostResult(host=host)
    for directive, expected, ref, severity in RULES:
        actual = values.get(directive, DEFAULTS.get(directive, ""))
        if actual in expected:
            result.passed += 1
            continue
        result.failed += 1
        result.findings.append(
            Finding(host, directive, actual, sorted(expected), ref, severity)
        )
    return result


def iter_snapshots(root: Path) -> Iterable[tuple]:
    for cfg in sorted(root.glob("*/sshd_config")):
        yield cfg.parent.name, cfg


def render_markdown(results: List[HostResult]) -> str:
    lines = ["# sshd_config CIS lint", "", "| host | passed | failed |", "|---|---|---|"]
    for r in results:
        lines.append(f"| {r.host} | {r.passed} | {r.failed} |")
    lines.append("")
    for r in results:
        for f in r.findings:
            lines.append(
                f"- **{f.host}** `{f.directive}` = `{f.actual or '(unset)'}` "
                f"(expected {', '.join(f.expected)}; CIS {f.reference}, {f.severity})"
            )
    return "\n".join(lines) + "\n"


def main(argv: Optional[List[str]] = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--snapshots", default="collected", help="directory of host snapshots")
    ap.add_argument("--out", default="reports", help="report directory")
    ap.add_argument("--fail-on", choices=["low", "medium", "high"], default="high")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)

    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")
    root = Path(args.snapshots)
    if not root.is_dir():
        LOG.error("snapshot directory %s not found", root)
        return 2

    results: List[HostResult] = []
    for host, cfg in iter_snapshots(root):
        try:
            text = cfg.read_text(encoding="utf-8", errors="replace")
        except OSError as exc:
            LOG.warning("cannot read %s: %s", cfg, exc)
            continue
        res = evaluate(host, parse_sshd_config(text))
        LOG.debug("%s: %d passed, %d failed", host, res.passed, res.failed)
        results.append(res)

    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    (out / "sshd_lint.json").write_text(json.dumps([asdict(r) for r in results], indent=2))
    (out / "sshd_lint.md").write_text(render_markdown(results))
    LOG.info("wrote reports for %d hosts to %s", len(results), out)

    order = {"low": 0, "medium": 1, "high": 2}
    threshold = order[args.fail_on]
    worst = max((order[f.severity] for r in results for f in r.findings), default=-1)
    return 1 if worst >= threshold else 0


if __name__ == "__main__":
    sys.exit(main())
