#!/usr/bin/env python3
"""Give the audio daemons on the playout desk realtime capabilities.

JACK and liquidsoap drop out under load unless they can lock memory and
raise their scheduling priority.  This tool checks which binaries already
carry the capabilities and grants the missing ones with setcap.
"""
import argparse
import logging
import os
import shutil
import subprocess
import sys
import tempfile

LOG = logging.getLogger("rt_setup")

BINARIES = ("jackd", "liquidsoap", "butt", "darkice")
WANTED_CAPS = "cap_sys_nice,cap_ipc_lock+ep"


def current_caps(path):
    """Return the getcap output for a binary ('' when none)."""
    if not shutil.which("getcap"):
        raise RuntimeError("getcap not installed (libcap2-bin)")
    res = subprocess.run(["getcap", path], capture_output=True, text=True)
    return res.stdout.strip()


def needs_caps(path):
    caps = current_caps(path)
    return not ("cap_sys_nice" in caps and "cap_ipc_lock" in caps)


def build_script(paths):
    lines = ["#!/bin/bash", "set -e"]
    for p in paths:
        lines.append(f'echo "granting {WANTED_CAPS} to {p}"')
        lines.append(f'sudo setcap "$RT_CAPS" "{p}"')
        lines.append(f'getcap "{p}"')
    return "\n".join(lines) + "\n"


def apply(paths, dry_run):
    script = build_script(paths)
    if dry_run:
        print(script)
        return 0
    with tempfile.NamedTemporaryFile("w", suffix=".sh", delete=False) as fh:
        fh.write(script)
        name = fh.name
    try:
        env = dict(os.environ, RT_CAPS=WANTED_CAPS)
        return subprocess.run(["bash", name], env=env).returncode
    finally:
        os.unlink(name)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("binaries", nargs="*", default=list(BINARIES))
    ap.add_argument("-n", "--dry-run", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    todo = []
    for name in args.binaries:
        path = shutil.which(name)
        if not path:
            LOG.info("%s not installed, skipping", name)
            continue
        path = os.path.realpath(path)
        try:
            if needs_caps(path):
                LOG.info("%s lacks realtime capabilities", path)
                todo.append(path)
            else:
                LOG.info("%s already configured", path)
        except RuntimeError as exc:
            LOG.error("%s", exc)
            return 1

    if not todo:
        LOG.info("nothing to do")
        return 0
    rc = apply(todo, args.dry_run)
    if rc != 0:
        LOG.error("setcap failed (rc=%d)", rc)
    return rc


if __name__ == "__main__":
    sys.exit(main())
