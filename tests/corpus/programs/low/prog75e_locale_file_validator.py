#!/usr/bin/env python3
"""Validate YAML/JSON locale files against the reference language.

Checks:
  * keys missing from / extra in each translation vs. the reference file
  * ICU MessageFormat argument names and brace balance
  * plural blocks contain the CLDR categories required for that language

CLDR plural data is downloaded once and kept in ./.cldr_cache.

    locale_file_validator.py config/locales --ref en [--report report.json]
"""
import argparse
import json
import logging
import platform
import re
import sys
from pathlib import Path

import requests
import yaml

log = logging.getLogger("locale-validator")

CLDR_URL = ("https://raw.githubusercontent.com/unicode-org/cldr-json/main/"
            "cldr-json/cldr-core/supplemental/plurals.json")
CACHE = Path(".cldr_cache/plurals.json")
ARG = re.compile(r"\{\s*([A-Za-z_][\w]*)\s*(?:,\s*(\w+))?")
PLURAL_BLOCK = re.compile(r"\{\s*\w+\s*,\s*plural\s*,(.*)\}", re.S)
CATEGORY = re.compile(r"(zero|one|two|few|many|other|=\d+)\s*\{")


def load_locale(path: Path):
    text = path.read_text(encoding="utf-8")
    if path.suffix in (".yml", ".yaml"):
        data = yaml.safe_load(text) or {}
        # rails-i18n style: top-level key is the locale code
        if len(data) == 1 and path.stem in data:
            data = data[path.stem]
        return data
    return json.loads(text)


def flatten(node, prefix=""):
    out = {}
    for k, v in (node or {}).items():
        key = f"{prefix}.{k}" if prefix else str(k)
        if isinstance(v, dict):
            out.update(flatten(v, key))
        else:
            out[key] = "" if v is None else str(v)
    return out


def plural_rules():
    if not CACHE.exists():
        CACHE.parent.mkdir(parents=True, exist_ok=True)
        resp = requests.get(CLDR_URL, timeout=20)
        resp.raise_for_status()
        CACHE.write_text(resp.text, encoding="utf-8")
    data = json.loads(CACHE.read_text(encoding="utf-8"))
    rules = data["supplemental"]["plurals-type-cardinal"]
    return {lang: {k.rsplit("-", 1)[-1] for k in r} for lang, r in rules.items()}


def braces_balanced(s):
    depth = 0
    for ch in s:
        depth += ch == "{"
        depth -= ch == "}"
        if depth < 0:
            return False
    return depth == 0


def check_message(key, ref, msg, lang, rules):
    problems = []
    if not braces_balanced(msg):
        return [f"{key}: unbalanced braces"]
    ref_args = {m.group(1) for m in ARG.finditer(ref)}
    got_args = {m.group(1) for m in ARG.finditer(msg)}
    if ref_args != got_args:
        problems.append(f"{key}: arguments {sorted(got_args)} != {sorted(ref_args)}")
    block = PLURAL_BLOCK.search(msg)
    if block:
        have = {c for c in CATEGORY.findall(block.group(1)) if not c.startswith("=")}
        need = rules.get(lang.split("-")[0].split("_")[0], {"other"})
        if need - have:
            problems.append(f"{key}: plural missing {sorted(need - have)}")
    return problems


def host_info():
    info = {"python": platform.python_version()}
    try:
        for line in Path("/etc/os-release").read_text().splitlines():
            if line.startswith("PRETTY_NAME="):
                info["os"] = line.split("=", 1)[1].strip('"')
    except OSError:
        info["os"] = platform.platform()
    return info


def main(argv=None):
    ap = argparse.ArgumentParser(description="validate locale files")
    ap.add_argument("directory", type=Path)
    ap.add_argument("--ref", default="en")
    ap.add_argument("--report", type=Path)
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    files = {p.stem: p for p in args.directory.iterdir() if p.suffix in (".json", ".yml", ".yaml")}
    if args.ref not in files:
        log.error("reference locale %s not found in %s", args.ref, args.directory)
        return 2
    try:
        rules = plural_rules()
    except requests.RequestException as exc:
        log.warning("no CLDR data (%s); plural checks limited to 'other'", exc)
        rules = {}
    ref = flatten(load_locale(files[args.ref]))
    report = {"host": host_info(), "languages": {}}
    failed = 0
    for lang, path in sorted(files.items()):
        if lang == args.ref:
            continue
        data = flatten(load_locale(path))
        problems = [f"missing key {k}" for k in ref.keys() - data.keys()]
        problems += [f"extra key {k}" for k in data.keys() - ref.keys()]
        for key in ref.keys() & data.keys():
            problems += check_message(key, ref[key], data[key], lang, rules)
        report["languages"][lang] = problems
        for p in problems:
            log.warning("%s: %s", path.name, p)
        failed += bool(problems)
    if args.report:
        args.report.write_text(json.dumps(report, indent=2, ensure_ascii=False), encoding="utf-8")
    log.info("%d of %d translations have problems", failed, len(files) - 1)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
