#!/usr/bin/env python3
"""Let the development gateway binary listen on port 443 without root.

Generates a helper that grants CAP_NET_BIND_SERVICE to the gateway binary
with setcap, and runs it through pkexec so the desktop prompts for the
administrator password. Afterwards the capability set is verified.
"""
import argparse
import logging
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

LOG = logging.getLogger("bindport")

HELPER_TEMPLATE = """#!/bin/sh
set -e
target="$1"
[ -f "$target" ] || {{ echo "no such binary: $target" >&2; exit 2; }}
{setcap} 'cap_net_bind_service=+ep' "$target"
echo "granted cap_net_bind_service to $target"
"""


def find_tool(name: str) -> str:
    for candidate in (shutil.which(name), f"/usr/sbin/{name}", f"/sbin/{name}"):
        if candidate and os.access(candidate, os.X_OK):
            return candidate
    raise FileNotFoundError(f"{name} not found (install libcap2-bin)")


def current_caps(binary: Path) -> str:
    getcap = find_tool("getcap")
    out = subprocess.run([getcap, str(binary)], capture_output=True, text=True)
    return out.stdout.strip()


def grant(binary: Path, elevate: str) -> int:
    helper_src = HELPER_TEMPLATE.format(setcap=find_tool("setcap"))
    fd, helper = tempfile.mkstemp(prefix="grant-cap-", suffix=".sh")
    try:
        with os.fdopen(fd, "w") as fh:
            fh.write(helper_src)
        os.chmod(helper, 0o700)
        cmd = [elevate, "/bin/sh", helper, str(binary)]
        LOG.info("requesting elevation: %s", " ".join(cmd))
        proc = subprocess.run(cmd, text=True, capture_output=True)
        if proc.stdout:
            LOG.info(proc.stdout.strip())
        if proc.returncode == 126:
            LOG.error("authorisation was dismissed")
        elif proc.returncode:
            LOG.error("helper failed: %s", proc.stderr.strip())
        return proc.returncode
    finally:
        os.unlink(helper)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("binary", nargs="?", default="./target/release/devgateway")
    ap.add_argument("--elevate", default="pkexec",
                    help="elevation command (default: pkexec)")
    ap.add_argument("--check-only", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    binary = Path(args.binary).resolve()
    if not binary.is_file():
        LOG.error("build the gateway first: %s is missing", binary)
        return 2
    caps = current_caps(binary)
    if "cap_net_bind_service" in caps:
        LOG.info("already set: %s", caps)
        return 0
    if args.check_only:
        LOG.info("capability not set on %s", binary)
        return 1
    rc = grant(binary, args.elevate)
    if rc == 0:
        LOG.info("now: %s", current_caps(binary) or "(none)")
    return rc


if __name__ == "__main__":
    sys.exit(main())
