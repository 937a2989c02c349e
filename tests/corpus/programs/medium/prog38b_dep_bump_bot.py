#!/usr/bin/env python3
"""Dependency bump bot: opens one branch per outdated pinned requirement.

Reads its rules from .depbot.yml (a YAML file that may use custom tags for
grouping rules), checks PyPI for newer releases, rewrites the pin, commits on
a new branch with git and pushes it so CI can run.
"""
import argparse
import logging
import re
import subprocess
import sys
from pathlib import Path

import requests
import yaml

PYPI_JSON = "https://pypi.org/pypi/{}/json"
PIN = re.compile(r"^(?P<name>[A-Za-z0-9_.\-]+)==(?P<ver>[^\s;#]+)(?P<rest>.*)$")

log = logging.getLogger("bumpbot")


class Rules:
    def __init__(self, raw: dict):
        self.files = raw.get("files", ["requirements.txt"])
        self.skip = set(raw.get("skip", []))
        self.branch_prefix = raw.get("branch_prefix", "deps/")
        self.remote = raw.get("remote", "origin")
        self.base = raw.get("base", "main")
        self.limit = int(raw.get("open_limit", 5))

    @classmethod
    def from_file(cls, path: Path) -> "Rules":
        with open(path) as fh:
            raw = yaml.load(fh, Loader=yaml.Loader) or {}
        return cls(raw)


def git(*args: str, check: bool = True) -> str:
    log.debug("git %s", " ".join(args))
    proc = subprocess.run(["git", *args], capture_output=True, text=True)
    if check and proc.returncode != 0:
        raise RuntimeError(f"git {args[0]} failed: {proc.stderr.strip()}")
    return proc.stdout.strip()


def latest_version(name: str) -> str | None:
    r = requests.get(PYPI_JSON.format(name), timeout=15)
    if r.status_code != 200:
        return None
    return r.json()["info"]["version"]


def outdated(rules: Rules):
    for fname in rules.files:
        path = Path(fname)
        if not path.exists():
            continue
        for line in path.read_text().splitlines():
            m = PIN.match(line.strip())
            if not m or m["name"].lower() in rules.skip:
                continue
            newest = latest_version(m["name"])
            if newest and newest != m["ver"]:
                yield path, m["name"], m["ver"], newest


def rewrite_pin(path: Path, name: str, old: str, new: str) -> None:
    lines = path.read_text().splitlines(keepends=True)
    for i, line in enumerate(lines):
        m = PIN.match(line.strip())
        if m and m["name"] == name and m["ver"] == old:
            lines[i] = line.replace(f"{name}=={old}", f"{name}=={new}", 1)
    path.write_text("".join(lines))


def open_branch(rules: Rules, path: Path, name: str, old: str, new: str, push: bool) -> str:
    branch = f"{rules.branch_prefix}{name.lower()}-{new}"
    existing = git("ls-remote", "--heads", rules.remote, branch, check=False)
    if existing:
        log.info("branch %s already on remote, skipping", branch)
        return ""
    git("checkout", "-B", branch, f"{rules.remote}/{rules.base}")
    rewrite_pin(path, name, old, new)
    git("add", str(path))
    git("commit", "-m", f"Bump {name} from {old} to {new}",
        "-m", f"Automated by bumpbot. Source: {PYPI_JSON.format(name)}")
    if push:
        git("push", "--set-upstream", rules.remote, branch)
    git("checkout", rules.base)
    return branch


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--rules", default=".depbot.yml", type=Path)
    ap.add_argument("--no-push", action="store_true")
    ap.add_argument("--verbose", "-v", action="count", default=0)
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)

    try:
        rules = Rules.from_file(args.rules)
    except FileNotFoundError:
        log.error("rules file %s not found", args.rules)
        return 1

    if git("status", "--porcelain"):
        log.error("working tree not clean; commit or stash first")
        return 1
    git("fetch", rules.remote, rules.base)

    opened = []
    for path, name, old, new in outdated(rules):
        if len(opened) >= rules.limit:
            log.info("open limit %d reached", rules.limit)
            break
        try:
            br = open_branch(rules, path, name, old, new, push=not args.no_push)
        except RuntimeError as exc:
            log.warning("%s: %s", name, exc)
            git("checkout", rules.base, check=False)
            continue
        if br:
            opened.append(br)
            log.info("opened %s", br)
    log.info("%d branch(es) created", len(opened))
    return 0


if __name__ == "__main__":
    sys.exit(main())
