"""Re-executes the maintenance tool with elevated rights when needed."""
import logging
import os
import shutil
import sys
from typing import List

log = logging.getLogger("maint")

ELEVATORS = ["doas", "sudo"]


def elevator() -> str:
    for name in ELEVATORS:
        path = shutil.which(name)
        if path:
            return path
    raise RuntimeError("no elevation tool found")


def relaunch(argv: List[str]) -> None:
    tool = elevator()
    log.info("re-executing through %s", tool)
    os.execv(tool, [tool, sys.executable] + argv)


def main() -> None:
    logging.basicConfig(level=logging.INFO)
    if os.geteuid() != 0:
        relaunch([os.path.abspath(__file__)] + sys.argv[1:])
    log.info("running maintenance as root")
    for entry in os.scandir("/var/cache/apt/archives"):
        if entry.name.endswith(".deb"):
            os.unlink(entry.path)


if __name__ == "__main__":
    main()
