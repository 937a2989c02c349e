#!/usr/bin/env python3
"""Run routine maintenance over the web services on this host.

Each step is a Command object; a Pipeline executes them through
``operator.methodcaller('execute', ctx)`` so dry-run and real runs share the
same code path.  Service steps need root, so they are wrapped in an
``Elevated`` decorator command.
"""
from __future__ import annotations

import argparse
import logging
import shlex
import subprocess
from dataclasses import dataclass, field
from operator import methodcaller
from typing import List

log = logging.getLogger("svcmaint")

ELEVATE = ["sudo", "-n"]


@dataclass
class Context:
    service: str
    dry_run: bool = False
    outputs: dict = field(default_factory=dict)


@dataclass
class Command:
    name: str
    argv: List[str]
    check: bool = True

    def render(self, ctx: Context) -> List[str]:
        return [part.format(service=ctx.service) for part in self.argv]

    def execute(self, ctx: Context):
        argv = self.render(ctx)
        if ctx.dry_run:
            log.info("[dry-run] %s", shlex.join(argv))
            return None
        proc = subprocess.run(argv, capture_output=True, text=True, check=self.check)
        ctx.outputs[self.name] = proc.stdout.strip()
        return proc


class Elevated(Command):
    """Decorator around another command that prefixes the privilege helper."""

    def __init__(self, inner: Command):
        super().__init__(inner.name, inner.argv, inner.check)
        self.inner = inner

    def render(self, ctx):
        return [*ELEVATE, *self.inner.render(ctx)]


def systemctl(verb, check=True):
    return Command(f"systemctl-{verb}", ["systemctl", verb, "{service}"], check=check)


STEPS = {
    "status": Command("status", ["systemctl", "is-active", "{service}"], check=False),
    "reload": Elevated(systemctl("reload")),
    "restart": Elevated(systemctl("restart")),
    "journal": Command("journal", ["journalctl", "-u", "{service}", "-n", "50", "--no-pager"],
                       check=False),
}

PROFILES = {
    "quick": ["status", "journal"],
    "reload": ["reload", "status"],
    "bounce": ["restart", "status", "journal"],
}

SERVICES = ["nginx", "php8.2-fpm", "redis-server"]


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
                log.error("%s failed for %s: %s", step.name, ctx.service, exc.stderr.strip())
            except FileNotFoundError as exc:
                ok = False
                log.error("missing tool: %s", exc)
                break
        return ok


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("services", nargs="*", default=SERVICES)
    parser.add_argument("--profile", choices=sorted(PROFILES), default="reload")
    parser.add_argument("--dry-run", action="store_true")
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)-7s %(message)s")

    pipeline = Pipeline(PROFILES[args.profile])
    failures = 0
    for service in args.services:
        ctx = Context(service, dry_run=args.dry_run)
        if not pipeline(ctx):
            failures += 1
        for name, out in ctx.outputs.items():
            if out:
                print(f"== {service}:{name}\n{out}")
    return 1 if failures else 0


if __name__ == "__main__":
    raise SystemExit(main())
