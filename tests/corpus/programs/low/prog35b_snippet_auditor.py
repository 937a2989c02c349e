#!/usr/bin/env python3
"""Review the base64-packed shell snippets stored in snippets.json.

Our CI templates keep small shell fragments base64-encoded inside a JSON
manifest so that YAML tooling does not mangle quoting.  This tool decodes
each fragment, tokenises it with shlex and flags constructs reviewers should
look at (sudo, eval, curl piped to a shell, ...).  Nothing is executed; the
result is a Markdown report written next to the manifest.
"""

import argparse
import base64
import binascii
import json
import logging
import re
import shlex
import sys
from dataclasses import dataclass, field
from pathlib import Path

log = logging.getLogger("snippet-audit")

RULES = [
    ("privilege", re.compile(r"\b(sudo|doas|pkexec|su)\b")),
    ("dynamic-eval", re.compile(r"\beval\b|\bsource\s+<\(")),
    ("pipe-to-shell", re.compile(r"\|\s*(ba|z|da)?sh\b")),
    ("encoded", re.compile(r"base64\s+(-d|--decode)|xxd\s+-r")),
    ("dev-tcp", re.compile(r"/dev/(tcp|udp)/")),
    ("world-writable", re.compile(r"chmod\s+(-R\s+)?0?777")),
]


@dataclass
class Snippet:
    name: str
    encoded: str
    text: str = ""
    tokens: list = field(default_factory=list)
    findings: list = field(default_factory=list)
    error: str = ""


def decode_snippet(item: dict) -> Snippet:
    snip = Snippet(name=item.get("name", "<unnamed>"), encoded=item.get("b64", ""))
    try:
        raw = base64.b64decode(snip.encoded, validate=True)
        snip.text = raw.decode("utf-8")
    except (binascii.Error, UnicodeDecodeError) as exc:
        snip.error = f"undecodable: {exc}"
        return snip
    try:
        snip.tokens = shlex.split(snip.text, comments=True, posix=True)
    except ValueError as exc:
        snip.error = f"shlex: {exc}"
    return snip


def audit(snip: Snippet) -> None:
    for lineno, line in enumerate(snip.text.splitlines(), start=1):
        for rule, pattern in RULES:
            if pattern.search(line):
                snip.findings.append((lineno, rule, line.strip()))
    if len(snip.text) > 4000:
        snip.findings.append((0, "oversized", f"{len(snip.text)} chars"))


def render(snippets, source: Path) -> str:
    out = [f"# Snippet review for `{source.name}`", ""]
    flagged = [s for s in snippets if s.findings or s.error]
    out.append(f"{len(snippets)} snippets, {len(flagged)} need attention.")
    out.append("")
    for s in snippets:
        status = "ERROR" if s.error else ("REVIEW" if s.findings else "ok")
        out.append(f"## {s.name} - {status}")
        if s.error:
            out.append(f"> {s.error}")
        out.append("```sh")
        out.append(s.text.rstrip() or "# (empty)")
        out.append("```")
        for lineno, rule, ctx in s.findings:
            out.append(f"- line {lineno}: **{rule}** `{ctx}`")
        out.append(f"- tokens: {len(s.tokens)}")
        out.append("")
    return "\n".join(out)


def parse_args(argv=None):
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("manifest", nargs="?", default="snippets.json", type=Path)
    p.add_argument("-o", "--output", type=Path, default=None)
    p.add_argument("--fail-on-findings", action="store_true")
    p.add_argument("-v", "--verbose", action="store_true")
    return p.parse_args(argv)


def main(argv=None) -> int:
    args = parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")
    try:
        doc = json.loads(args.manifest.read_text(encoding="utf-8"))
    except (OSError, json.JSONDecodeError) as exc:
        log.error("cannot read %s: %s", args.manifest, exc)
        return 2

    items = doc.get("snippets", []) if isinstance(doc, dict) else doc
    snippets = []
    for item in items:
        snip = decode_snippet(item)
        if not snip.error:
            audit(snip)
        log.debug("%s: %d findings", snip.name, len(snip.findings))
        snippets.append(snip)

    output = args.output or args.manifest.with_suffix(".review.md")
    output.write_text(render(snippets, args.manifest), encoding="utf-8")
    log.info("report written to %s", output)

    bad = sum(1 for s in snippets if s.findings or s.error)
    if bad and args.fail_on_findings:
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
