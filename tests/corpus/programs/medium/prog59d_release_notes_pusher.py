#!/usr/bin/env python3
"""Regenerate CHANGELOG.md from conventional-commit messages since the last
tag, commit it and push to the project's origin remote."""
import argparse
import logging
import subprocess as sp
import sys
from collections import defaultdict
from datetime import date
from pathlib import Path

SECTIONS = {"feat": "Features", "fix": "Bug fixes", "perf": "Performance", "docs": "Documentation"}
logger = logging.getLogger("relnotes")


def git(*args, check=True):
    result = sp.run(["git", *args], stdout=sp.PIPE, stderr=sp.PIPE, text=True)
    if check and result.returncode != 0:
        raise RuntimeError(f"git {' '.join(args)} failed: {result.stderr.strip()}")
    return result.stdout.strip()


def last_tag():
    tag = git("describe", "--tags", "--abbrev=0", check=False)
    return tag or None


def collect_commits(since):
    rev_range = f"{since}..HEAD" if since else "HEAD"
    raw = git("log", rev_range, "--pretty=format:%h\x1f%s")
    grouped = defaultdict(list)
    for line in raw.splitlines():
        if "\x1f" not in line:
            continue
        sha, subject = line.split("\x1f", 1)
        kind, _, rest = subject.partition(":")
        kind = kind.split("(")[0].strip().lower()
        if kind in SECTIONS and rest:
            grouped[kind].append(f"- {rest.strip()} ({sha})")
    return grouped


def render(version, grouped, previous_text):
    lines = [f"## {version} - {date.today().isoformat()}", ""]
    for kind, title in SECTIONS.items():
        if grouped.get(kind):
            lines += [f"### {title}", *grouped[kind], ""]
    return "\n".join(lines) + "\n" + previous_text


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("version")
    ap.add_argument("--changelog", type=Path, default=Path("CHANGELOG.md"))
    ap.add_argument("--remote", default="origin")
    ap.add_argument("--branch", default="main")
    ap.add_argument("--no-push", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    if git("status", "--porcelain"):
        logger.error("working tree is dirty; commit or stash first")
        return 2

    since = last_tag()
    grouped = collect_commits(since)
    if not any(grouped.values()):
        logger.info("no user-facing commits since %s", since or "the beginning")
        return 0

    previous = args.changelog.read_text() if args.changelog.exists() else ""
    args.changelog.write_text(render(args.version, grouped, previous))
    git("add", str(args.changelog))
    git("commit", "-m", f"docs: changelog for {args.version}")
    git("tag", "-a", args.version, "-m", f"Release {args.version}")
    logger.info("committed changelog and tagged %s", args.version)

    if args.no_push:
        return 0
    try:
        git("push", args.remote, args.branch)
        git("push", args.remote, args.version)
    except RuntimeError as exc:
        logger.error("%s", exc)
        return 1
    logger.info("pushed %s to %s/%s", args.version, args.remote, args.branch)
    return 0


if __name__ == "__main__":
    sys.exit(main())
