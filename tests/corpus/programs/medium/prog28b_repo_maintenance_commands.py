#!/usr/bin/env python3
"""Run routine maintenance over a set of local git checkouts.

Each step is a Command object; a Pipeline executes them through
``operator.methodcaller('execute', ctx)`` so dry-run and real runs share the
same code path.
"""
from __future__ import annotations

import argparse
import logging
import shlex
import subprocess
from dataclasses import dataclass, field
from operator import methodcaller
from pathlib import Path
from typing import List

log = logging.getLogger("repomaint")


@dataclass
class Context:
    repo: Path
    dry_run: bool = False
    outputs: dict = field(default_factory=dict)


@dataclass
class Command:
    name: str
    argv: List[str]
    check: bool = True

    def render(self, ctx: Context) -> List[str]:
        return [part.format(repo=ctx.repo) for part in self.argv]

    def execute(self, ctx: Context):
        argv = self.render(ctx)
        if ctx.dry_run:
            log.info("[dry-run] %s", shlex.join(argv))
            return None
        log.debug("running %s in %s", argv, ctx.repo)
        proc = subprocess.run(argv, cwd=ctx.repo, capture_output=True, text=True,
                              check=self.check)
        ctx.outputs[self.name] = proc.stdout.strip()
        return proc


class GitCommand(Command):
    def render(self, ctx):
        return ["git", "-C", str(ctx.repo), *super().render(ctx)]


class SizeCommand(Command):
    def render(self, ctx):
        return ["du", "-sh", str(ctx.repo / ".git")]


STEPS = {
    "fetch": GitCommand("fetch", ["fetch", "--prune", "--quiet"]),
    "gc": GitCommand("gc", ["gc", "--auto"]),
    "status": GitCommand("status", ["status", "--short", "--branch"]),
    "stale": GitCommand("stale", ["branch", "--merged", "origin/HEAD"], check=False),
    "size": SizeCommand("size", []),
}

PROFILES = {
    "quick": ["status", "size"],
    "nightly": ["fetch", "gc", "stale", "size"],
}


class Pipeline:
    def __init__(self, step_names):
        self.steps = [STEPS[n] for n in step_names]

    def __call__(self, ctx: Context) -> bool:
        ok = True
        for step in self.steps:
            run = methodcaller("execute", ctx)
            try:
                run(step)
            except subprocess.CalledProcessError as exc:
                ok = False
                log.error("%s failed in %s: %s", step.name, ctx.repo, exc.stderr.strip())
            except FileNotFoundError as exc:
                ok = False
                log.error("missing tool: %s", exc)
                break
        return ok


def discover(root: Path):
    for candidate in sorted(root.iterdir()):
        if (candidate / ".git").exists():
            yield candidate


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("root", type=Path, nargs="?", default=Path("."))
    parser.add_argument("--profile", choices=sorted(PROFILES), default="quick")
    parser.add_argument("--dry-run", action="store_true")
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)-7s %(message)s")

    pipeline = Pipeline(PROFILES[args.profile])
    failures = 0
    for repo in discover(args.root):
        ctx = Context(repo, dry_run=args.dry_run)
        if not pipeline(ctx):
            failures += 1
        for name, out in ctx.outputs.items():
            if out:
                print(f"== {repo.name}:{name}\n{out}")
    return 1 if failures else 0


if __name__ == "__main__":
    raise SystemExit(main())
