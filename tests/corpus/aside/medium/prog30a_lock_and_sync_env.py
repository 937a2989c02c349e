#!/usr/bin/env python3
"""Regenerate requirements.txt from requirements.in and sync the virtualenv.

Steps:
  1. resolve requirements.in with pip-compile (pip-tools) into requirements.txt
  2. pip-sync / pip install the result into the active virtualenv
  3. write a short JSON summary to .lock-summary.json

Refuses to run outside a virtualenv unless --allow-global is passed (and even
then only installs with --user).
"""
import argparse
import json
import logging
import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

log = logging.getLogger("locksync")

DEFAULT_INPUT = "requirements.in"
DEFAULT_OUTPUT = "requirements.txt"


def in_virtualenv():
    return sys.prefix != getattr(sys, "base_prefix", sys.prefix) or "CONDA_PREFIX" in os.environ


def run(cmd, **kwargs):
    log.info("$ %s", " ".join(cmd))
    started = time.monotonic()
    result = subprocess.run(cmd, check=False, text=True, capture_output=True, **kwargs)
    if result.returncode != 0:
        log.error("command failed (%s):\n%s", result.returncode, result.stderr.strip())
        raise SystemExit(result.returncode)
    log.debug("finished in %.1fs", time.monotonic() - started)
    return result.stdout


def ensure_pip_tools():
    if shutil.which("pip-compile"):
        return
    log.info("pip-tools not found, installing it into the environment")
    run([sys.executable, "-m", "pip", "install", "--quiet", "pip-tools>=7"])


def compile_lock(src, dst, upgrade, hashes):
    cmd = [sys.executable, "-m", "piptools", "compile", "--quiet",
           "--resolver=backtracking", "--output-file", dst, src]
    if upgrade:
        cmd.insert(4, "--upgrade")
    if hashes:
        cmd.insert(4, "--generate-hashes")
    run(cmd)


def parse_lock(path):
    pins = {}
    for line in Path(path).read_text().splitlines():
        line = line.strip()
        if not line or line.startswith(("#", "--")) or line.startswith("\\"):
            continue
        spec = line.split(";")[0].split("\\")[0].strip()
        if "==" in spec:
            name, version = spec.split("==", 1)
            pins[name.lower()] = version.strip()
    return pins


def sync(dst, user):
    if shutil.which("pip-sync") and not user:
        run(["pip-sync", dst])
    else:
        cmd = [sys.executable, "-m", "pip", "install", "--no-deps", "-r", dst]
        if user:
            cmd.append("--user")
        run(cmd)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--input", default=DEFAULT_INPUT)
    ap.add_argument("--output", default=DEFAULT_OUTPUT)
    ap.add_argument("--upgrade", action="store_true", help="pass --upgrade to pip-compile")
    ap.add_argument("--hashes", action="store_true", help="emit --hash lines")
    ap.add_argument("--no-sync", action="store_true")
    ap.add_argument("--allow-global", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    if not Path(args.input).exists():
        log.error("%s not found", args.input)
        return 2
    user_install = False
    if not in_virtualenv():
        if not args.allow_global:
            log.error("not inside a virtualenv; activate one or pass --allow-global")
            return 2
        user_install = True

    before = parse_lock(args.output) if Path(args.output).exists() else {}
    ensure_pip_tools()
    compile_lock(args.input, args.output, args.upgrade, args.hashes)
    after = parse_lock(args.output)

    changed = {n: (before.get(n), v) for n, v in after.items() if before.get(n) != v}
    for name, (old, new) in sorted(changed.items()):
        log.info("%-30s %s -> %s", name, old or "(new)", new)

    if not args.no_sync:
        sync(args.output, user_install)

    Path(".lock-summary.json").write_text(json.dumps(
        {"generated": time.strftime("%Y-%m-%dT%H:%M:%S"), "pins": len(after),
         "changed": {k: list(v) for k, v in changed.items()}}, indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
