#!/usr/bin/env python3
"""Run post-release hooks declared in deploy.ini.

[hooks]
after_upload = migrate, reload:nginx, restart:app-worker@1, restart:app-worker@2
Each hook is "<verb>[:<arg>]"; verbs are looked up in HOOKS.  Service
verbs go through sudo + systemctl since the deploy user is unprivileged.
"""
import argparse
import asyncio
import configparser
import logging
import shlex
import sys

log = logging.getLogger("hooks")
HOOKS = {}


def hook(verb):
    def register(fn):
        HOOKS[verb] = fn
        return fn
    return register


def _systemctl(action, unit):
    return ["sudo", "-n", "systemctl", action, unit]


@hook("restart")
def restart(unit):
    return _systemctl("restart", unit)


@hook("reload")
def reload_(unit):
    return _systemctl("reload-or-restart", unit)


@hook("status")
def status(unit):
    return ["systemctl", "is-active", unit]


@hook("migrate")
def migrate(arg=None):
    return ["./manage.py", "migrate", "--noinput"] + ([arg] if arg else [])


@hook("warm")
def warm(url):
    return ["curl", "-fsS", "--max-time", "10", "-o", "/dev/null", url]


async def run_step(argv, timeout):
    log.info("$ %s", shlex.join(argv))
    proc = await asyncio.create_subprocess_exec(
        *argv, stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.STDOUT
    )
    try:
        out, _ = await asyncio.wait_for(proc.communicate(), timeout)
    except asyncio.TimeoutError:
        proc.kill()
        return 124, b"timeout"
    return proc.returncode, out


async def run_stage(entries, timeout, keep_going):
    failures = 0
    for entry in entries:
        verb, _, arg = entry.partition(":")
        builder = HOOKS.get(verb)
        if builder is None:
            log.error("unknown hook verb %r", verb)
            failures += 1
            continue
        argv = builder(arg) if arg else builder()
        rc, out = await run_step(argv, timeout)
        for line in out.decode(errors="replace").splitlines()[-5:]:
            log.info("  | %s", line)
        if rc != 0:
            failures += 1
            log.error("hook %s failed (rc=%s)", entry, rc)
            if not keep_going:
                break
    return failures


def parse_stage(cfg, stage):
    raw = cfg.get("hooks", stage, fallback="")
    return [item.strip() for item in raw.split(",") if item.strip()]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("stage", help="e.g. after_upload")
    ap.add_argument("--config", default="deploy.ini")
    ap.add_argument("--timeout", type=float, default=120)
    ap.add_argument("--keep-going", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    cfg = configparser.ConfigParser()
    if not cfg.read(args.config):
        log.error("config %s not found", args.config)
        return 2
    entries = parse_stage(cfg, args.stage)
    if not entries:
        log.warning("no hooks for stage %s", args.stage)
        return 0
    failures = asyncio.run(run_stage(entries, args.timeout, args.keep_going))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
