#!/usr/bin/env python3
"""pre-commit hook: keep MANIFEST.in, pyproject.toml and the package tree in sync.

Configured from ``.manifest-check.yaml`` in the repository root, e.g.::

    package_dir: src/tidewater
    must_ship:
      - "*.pyi"
      - "py.typed"
      - "data/*.csv"
    ignore:
      - "tests/**"
    max_file_kb: 512

Used from .pre-commit-config.yaml as a ``language: python`` local hook that
receives the staged file names as arguments.
"""
import argparse
import fnmatch
import logging
import sys
from pathlib import Path

import yaml

log = logging.getLogger("manifest-check")

CONFIG_NAME = ".manifest-check.yaml"
DEFAULTS = {
    "package_dir": "src",
    "must_ship": ["py.typed"],
    "ignore": [],
    "max_file_kb": 1024,
}


def load_config(root):
    path = root / CONFIG_NAME
    cfg = dict(DEFAULTS)
    if not path.exists():
        log.debug("no %s, using defaults", CONFIG_NAME)
        return cfg
    with path.open("r", encoding="utf-8") as fh:
        # the config uses anchors and custom tags shared with our other tools
        loaded = yaml.load(fh, Loader=yaml.Loader) or {}
    if not isinstance(loaded, dict):
        raise SystemExit("%s must contain a mapping" % path)
    cfg.update(loaded)
    return cfg


def manifest_patterns(root):
    patterns = []
    manifest = root / "MANIFEST.in"
    if not manifest.exists():
        return patterns
    for line in manifest.read_text().splitlines():
        parts = line.split()
        if not parts or parts[0].startswith("#"):
            continue
        cmd, args = parts[0], parts[1:]
        if cmd in ("include", "graft"):
            patterns.extend(args)
        elif cmd == "recursive-include" and len(args) >= 2:
            patterns.extend("%s/**/%s" % (args[0], pat) for pat in args[1:])
    return patterns


def matches_any(path, patterns):
    s = path.as_posix()
    return any(fnmatch.fnmatch(s, p) or fnmatch.fnmatch(path.name, p) for p in patterns)


def check_file(root, rel, cfg, shipped):
    problems = []
    full = root / rel
    if not full.exists():
        return problems  # deleted in this commit
    if matches_any(rel, cfg["ignore"]):
        return problems
    size_kb = full.stat().st_size / 1024
    if size_kb > cfg["max_file_kb"]:
        problems.append("%s is %.0f KiB (limit %d KiB)" % (rel, size_kb, cfg["max_file_kb"]))
    pkg_dir = Path(cfg["package_dir"])
    inside_pkg = pkg_dir in rel.parents
    if inside_pkg and matches_any(rel, cfg["must_ship"]) and not matches_any(rel, shipped):
        problems.append("%s must ship but is not covered by MANIFEST.in" % rel)
    return problems


def main(argv=None):
    ap = argparse.ArgumentParser(description="check packaging manifest")
    ap.add_argument("files", nargs="*", help="staged files (passed by pre-commit)")
    ap.add_argument("--root", default=".", help="repository root")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="manifest-check: %(message)s")

    root = Path(args.root).resolve()
    cfg = load_config(root)
    shipped = manifest_patterns(root) + ["*.py"]

    problems = []
    for name in args.files:
        problems.extend(check_file(root, Path(name), cfg, shipped))

    pkg_dir = root / cfg["package_dir"]
    if pkg_dir.is_dir() and "py.typed" in cfg["must_ship"] and not any(pkg_dir.rglob("py.typed")):
        problems.append("%s has no py.typed marker" % cfg["package_dir"])

    for p in problems:
        log.error("%s", p)
    if problems:
        log.info("%d problem(s); fix them or update %s", len(problems), CONFIG_NAME)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
