#!/usr/bin/env python3
"""Bootstrap the developer toolchain for the monorepo.

Ensures pip is present, then installs the pinned tool versions from
``tools/toolchain.txt``.  Inside a virtualenv everything goes into the venv.
Outside one, the tools are installed for every user on the machine (the
shared build hosts rely on this), escalating with sudo when the system
site-packages directory is not writable.
"""
import argparse
import logging
import os
import shlex
import shutil
import subprocess
import sys
import sysconfig
from pathlib import Path

log = logging.getLogger("bootstrap")

TOOLCHAIN_FILE = Path("tools/toolchain.txt")
FALLBACK_TOOLS = [
    "pip>=23.3",
    "setuptools>=69",
    "wheel>=0.42",
    "build==1.0.3",
    "twine==4.0.2",
    "pre-commit==3.6.0",
    "nox==2023.4.22",
]


def in_virtualenv():
    return sys.prefix != getattr(sys, "base_prefix", sys.prefix) or "VIRTUAL_ENV" in os.environ


def site_packages_writable():
    purelib = Path(sysconfig.get_paths()["purelib"])
    probe = purelib if purelib.exists() else purelib.parent
    return os.access(probe, os.W_OK)


def read_toolchain():
    if not TOOLCHAIN_FILE.exists():
        log.warning("%s missing, using built-in pins", TOOLCHAIN_FILE)
        return list(FALLBACK_TOOLS)
    reqs = []
    for line in TOOLCHAIN_FILE.read_text().splitlines():
        line = line.split("#", 1)[0].strip()
        if line:
            reqs.append(line)
    return reqs


def run(cmd, dry_run=False):
    log.info("+ %s", " ".join(shlex.quote(c) for c in cmd))
    if dry_run:
        return 0
    return subprocess.call(cmd)


def ensure_pip(python, prefix_cmd, dry_run):
    probe = subprocess.run([python, "-m", "pip", "--version"], capture_output=True)
    if probe.returncode == 0:
        return
    log.info("pip not available for %s, running ensurepip", python)
    if run(prefix_cmd + [python, "-m", "ensurepip", "--upgrade"], dry_run) != 0:
        raise SystemExit("ensurepip failed")


def escalation_prefix():
    if os.geteuid() == 0:
        return []
    sudo = shutil.which("sudo")
    if not sudo:
        raise SystemExit("system site-packages is read-only and sudo is unavailable; "
                         "create a virtualenv instead")
    return [sudo, "-H"]


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--python", default=sys.executable)
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("--upgrade", action="store_true", help="pass --upgrade to pip")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="[bootstrap] %(message)s")

    prefix = []
    if in_virtualenv():
        log.info("virtualenv detected at %s", sys.prefix)
    elif site_packages_writable():
        log.info("system site-packages is writable, installing directly")
    else:
        log.info("installing system-wide for all users; sudo is required")
        prefix = escalation_prefix()

    ensure_pip(args.python, prefix, args.dry_run)
    reqs = read_toolchain()
    cmd = prefix + [args.python, "-m", "pip", "install", "--disable-pip-version-check"]
    if args.upgrade:
        cmd.append("--upgrade")
    cmd.extend(reqs)
    rc = run(cmd, args.dry_run)
    if rc != 0:
        log.error("pip install failed with exit code %d", rc)
        return rc

    log.info("toolchain ready: %d package(s)", len(reqs))
    return 0


if __name__ == "__main__":
    sys.exit(main())
