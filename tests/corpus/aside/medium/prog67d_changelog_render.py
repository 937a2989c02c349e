#!/usr/bin/env python3
"""Render the next CHANGELOG section from conventional commits.

Reads commits since the last tag, groups them by type and hands every entry
through the formatter hooks found in .changelog/plugins/*.py (each plugin
defines ``format_entry(entry: dict) -> dict``). Settings come from
.changelog.toml in the repository root.
"""
from __future__ import annotations

import argparse
import datetime as dt
import logging
import re
import subprocess
import sys
import tomllib
from collections import defaultdict
from pathlib import Path

log = logging.getLogger("changelog")

COMMIT_RX = re.compile(r"^(?P<type>\w+)(?:\((?P<scope>[^)]+)\))?(?P<bang>!)?: (?P<subject>.+)$")
DEFAULTS = {
    "plugin_dir": ".changelog/plugins",
    "output": "CHANGELOG.md",
    "sections": {"feat": "Features", "fix": "Bug fixes", "perf": "Performance",
                 "docs": "Documentation"},
}


def load_config(root: Path) -> dict:
    cfg = dict(DEFAULTS)
    path = root / ".changelog.toml"
    if path.exists():
        with path.open("rb") as fh:
            cfg.update(tomllib.load(fh).get("changelog", {}))
    return cfg


def git(*args: str) -> str:
    res = subprocess.run(["git", *args], capture_output=True, text=True, check=False)
    if res.returncode != 0:
        raise RuntimeError(res.stderr.strip() or f"git {' '.join(args)} failed")
    return res.stdout


def last_tag() -> str | None:
    try:
        return git("describe", "--tags", "--abbrev=0").strip()
    except RuntimeError:
        return None


def commits_since(tag: str | None):
    rng = f"{tag}..HEAD" if tag else "HEAD"
    for line in git("log", rng, "--no-merges", "--format=%H%x1f%s%x1f%an").splitlines():
        sha, subject, author = line.split("\x1f")
        m = COMMIT_RX.match(subject)
        if not m:
            continue
        yield {"sha": sha[:8], "author": author, **m.groupdict()}


def load_formatters(plugin_dir: Path) -> list:
    hooks = []
    if not plugin_dir.is_dir():
        return hooks
    for src in sorted(plugin_dir.glob("*.py")):
        namespace: dict = {"__name__": f"changelog_plugin_{src.stem}"}
        try:
            exec(compile(src.read_text(), str(src), "exec"), namespace)
        except Exception as exc:  # a broken plugin should not kill the release
            log.warning("plugin %s failed to load: %s", src.name, exc)
            continue
        if callable(namespace.get("format_entry")):
            hooks.append(namespace["format_entry"])
            log.debug("loaded formatter %s", src.name)
    return hooks


def render(version: str, entries, sections: dict, hooks) -> str:
    grouped = defaultdict(list)
    for entry in entries:
        for hook in hooks:
            entry = hook(entry) or entry
        grouped[entry["type"]].append(entry)
    out = [f"## {version} ({dt.date.today().isoformat()})", ""]
    for key, title in sections.items():
        if not grouped.get(key):
            continue
        out += [f"### {title}", ""]
        for e in grouped[key]:
            scope = f"**{e['scope']}:** " if e.get("scope") else ""
            out.append(f"- {scope}{e['subject']} ({e['sha']})")
        out.append("")
    return "\n".join(out)


def main() -> int:
    ap = argparse.ArgumentParser(description="Render the next changelog section")
    ap.add_argument("version")
    ap.add_argument("--write", action="store_true", help="prepend to the changelog file")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    root = Path(git("rev-parse", "--show-toplevel").strip())
    cfg = load_config(root)
    hooks = load_formatters(root / cfg["plugin_dir"])
    section = render(args.version, commits_since(last_tag()), cfg["sections"], hooks)

    if not args.write:
        print(section)
        return 0
    target = root / cfg["output"]
    previous = target.read_text() if target.exists() else "# Changelog\n\n"
    head, _, rest = previous.partition("\n\n")
    target.write_text(f"{head}\n\n{section}\n{rest}")
    log.info("updated %s", target.relative_to(root))
    return 0


if __name__ == "__main__":
    try:
        sys.exit(main())
    except RuntimeError as err:
        log.error("%s", err)
        sys.exit(2)
