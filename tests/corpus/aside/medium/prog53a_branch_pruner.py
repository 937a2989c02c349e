#!/usr/bin/env python3
"""Prune local git branches that are already merged or whose upstream is gone,
then compact the repository. Intended to be run from a repository root.
"""
import argparse
import logging
import subprocess
import sys
from dataclasses import dataclass
from typing import List

log = logging.getLogger("prune")
PROTECTED = {"main", "master", "develop", "release"}


@dataclass
class Branch:
    name: str
    upstream: str
    track: str
    current: bool

    @property
    def gone(self) -> bool:
        return "gone" in self.track


def git(*args: str, check: bool = True) -> str:
    proc = subprocess.run(["git", *args], capture_output=True, text=True)
    if check and proc.returncode != 0:
        raise RuntimeError(f"git {' '.join(args)} failed: {proc.stderr.strip()}")
    return proc.stdout


def list_branches() -> List[Branch]:
    fmt = "%(HEAD)|%(refname:short)|%(upstream:short)|%(upstream:track)"
    out = []
    for line in git("for-each-ref", f"--format={fmt}", "refs/heads").splitlines():
        head, name, upstream, track = line.split("|", 3)
        out.append(Branch(name=name, upstream=upstream, track=track, current=head == "*"))
    return out


def merged_into(base: str) -> set:
    raw = git("branch", "--merged", base, "--format=%(refname:short)")
    return {b.strip() for b in raw.splitlines() if b.strip()}


def candidates(branches: List[Branch], base: str, include_gone: bool) -> List[str]:
    merged = merged_into(base)
    picked = []
    for br in branches:
        if br.current or br.name in PROTECTED or br.name == base:
            continue
        if br.name in merged or (include_gone and br.gone):
            picked.append(br.name)
    return picked


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--base", default="main")
    ap.add_argument("--gone", action="store_true", help="also delete branches whose upstream is gone")
    ap.add_argument("--apply", action="store_true", help="actually delete (default: dry run)")
    ap.add_argument("--gc", action="store_true", help="run git gc afterwards")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    try:
        git("rev-parse", "--is-inside-work-tree")
        git("fetch", "--prune", "--quiet", check=False)
        victims = candidates(list_branches(), args.base, args.gone)
    except (RuntimeError, FileNotFoundError) as exc:
        log.error("%s", exc)
        return 2

    if not victims:
        log.info("nothing to prune")
        return 0
    for name in victims:
        if not args.apply:
            log.info("would delete %s", name)
            continue
        flag = "-D" if args.gone else "-d"
        try:
            git("branch", flag, name)
            log.info("deleted %s", name)
        except RuntimeError as exc:
            log.warning("%s", exc)

    if args.apply and args.gc:
        log.info("compacting repository ...")
        git("gc", "--prune=now", "--quiet", check=False)
    return 0


if __name__ == "__main__":
    sys.exit(main())
