#!/usr/bin/env python3
"""Sets a workstation up for the team: packages, a service account and the
build cache directory, using plumbum for the commands."""
import logging
import sys

from plumbum import local
from plumbum.cmd import sudo, apt_get, useradd

log = logging.getLogger("setup")

PACKAGES = ["build-essential", "python3-venv", "ccache"]
ACCOUNT = "buildbot"


def install_packages(packages):
    log.info("installing %s", " ".join(packages))
    sudo[apt_get["install", "-y", "--no-install-recommends"][packages]]()


def create_account(name):
    getent = local["getent"]
    retcode = getent["passwd", name].run(retcode=None)[0]
    if retcode == 0:
        log.info("account %s exists", name)
        return
    sudo[useradd["--system", "--create-home", name]]()


def cache_dir(path="/var/cache/team-ccache"):
    mkdir = local["mkdir"]["-p", path]
    sudo[mkdir]()
    sudo[local["chown"][ACCOUNT + ":" + ACCOUNT, path]]()


def main():
    logging.basicConfig(level=logging.INFO, format="%(message)s")
    install_packages(PACKAGES)
    create_account(ACCOUNT)
    cache_dir()
    return 0


if __name__ == "__main__":
    sys.exit(main())
