#!/usr/bin/env python3
"""Lint a folder of YARA rules before they are merged into the team repo.

Checks: required meta fields, duplicate rule names, unbalanced braces and,
when yara-python is installed, that every file compiles.
"""
import argparse
import logging
import re
import sys
from collections import defaultdict
from pathlib import Path

try:
    import yara  # type: ignore
except ImportError:  # compilation check is optional
    yara = None

logger = logging.getLogger("yaralint")
RULE_RE = re.compile(r"^\s*(?:private\s+|global\s+)*rule\s+(\w+)", re.M)
META_RE = re.compile(r"meta\s*:(.*?)(?:strings\s*:|condition\s*:)", re.S)
REQUIRED_META = ("author", "description", "date", "reference")


class Finding:
    __slots__ = ("path", "rule", "level", "message")

    def __init__(self, path, rule, level, message):
        self.path, self.rule, self.level, self.message = path, rule, level, message

    def __str__(self):
        return f"{self.level:7} {self.path}:{self.rule or '-'}: {self.message}"


def split_rules(text: str):
    starts = [m.start() for m in RULE_RE.finditer(text)] + [len(text)]
    for a, b in zip(starts, starts[1:]):
        body = text[a:b]
        yield RULE_RE.match(body).group(1), body


def lint_file(path: Path, seen: dict) -> list:
    out = []
    text = path.read_text(encoding="utf-8", errors="replace")
    if text.count("{") != text.count("}"):
        out.append(Finding(path, None, "ERROR", "unbalanced braces"))
    for name, body in split_rules(text):
        seen[name].append(path)
        meta = META_RE.search(body)
        keys = set(re.findall(r"^\s*(\w+)\s*=", meta.group(1), re.M)) if meta else set()
        for req in REQUIRED_META:
            if req not in keys:
                out.append(Finding(path, name, "WARN", f"missing meta '{req}'"))
        if "condition:" not in body.replace(" ", ""):
            out.append(Finding(path, name, "ERROR", "no condition section"))
    if yara is not None:
        try:
            yara.compile(filepath=str(path))
        except yara.SyntaxError as exc:
            out.append(Finding(path, None, "ERROR", f"compile: {exc}"))
    return out


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("rules_dir", nargs="?", default="rules", type=Path)
    ap.add_argument("--strict", action="store_true", help="treat warnings as errors")
    ap.add_argument("--fix-eol", action="store_true", help="normalise CRLF to LF in place")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    files = sorted(p for p in args.rules_dir.rglob("*") if p.suffix in (".yar", ".yara"))
    if not files:
        logger.error("no rule files under %s", args.rules_dir)
        return 2
    seen = defaultdict(list)
    findings = []
    for f in files:
        if args.fix_eol:
            raw = f.read_bytes()
            if b"\r\n" in raw:
                f.write_bytes(raw.replace(b"\r\n", b"\n"))
                logger.info("normalised line endings in %s", f)
        findings.extend(lint_file(f, seen))
    for name, paths in seen.items():
        if len(paths) > 1:
            findings.append(Finding(paths[-1], name, "ERROR",
                                    f"duplicate rule name (also in {paths[0]})"))
    for fnd in findings:
        logger.info("%s", fnd)
    bad = [f for f in findings if f.level == "ERROR" or (args.strict and f.level == "WARN")]
    logger.info("%d files, %d findings, %d blocking", len(files), len(findings), len(bad))
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
