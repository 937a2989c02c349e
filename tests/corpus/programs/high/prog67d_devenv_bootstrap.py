#!/usr/bin/env python3
"""Bootstrap a local development environment for this repository.

Reads devenv.json at the repo root:

    {
      "system": {"apt": ["libpq-dev", "protobuf-compiler"], "commands": ["protoc", "pg_config"]},
      "python": {"venv": ".venv", "requirements": ["requirements-dev.txt"]},
      "node":   {"dir": "web", "lockfile": "package-lock.json"}
    }

Missing system packages are installed with the distribution package manager
so a fresh laptop goes from clone to green tests with one command.
"""
from __future__ import annotations

import argparse
import json
import logging
import os
import shutil
import subprocess
import sys
import venv
from pathlib import Path

log = logging.getLogger("bootstrap")


class Step:
    name = "step"
    elevate = False

    def __init__(self, root: Path, spec: dict, dry_run: bool):
        self.root, self.spec, self.dry_run = root, spec, dry_run

    def _prefix(self) -> list[str]:
        if not self.elevate or os.geteuid() == 0:
            return []
        return [shutil.which("sudo") or "sudo"]

    def run_cmd(self, cmd: list[str], cwd: Path | None = None) -> None:
        full = self._prefix() + cmd
        log.info("[%s] %s", self.name, " ".join(full))
        if self.dry_run:
            return
        proc = subprocess.run(full, cwd=cwd or self.root,
                              env={**os.environ, "DEBIAN_FRONTEND": "noninteractive"})
        if proc.returncode != 0:
            raise SystemExit(f"{self.name}: command failed with {proc.returncode}")

    def __call__(self) -> None:
        raise NotImplementedError


class SystemPackages(Step):
    name = "system"
    elevate = True

    def __call__(self) -> None:
        missing = [c for c in self.spec.get("commands", []) if shutil.which(c) is None]
        if not missing:
            log.info("[system] all required tools present")
            return
        log.info("[system] missing tools: %s", ", ".join(missing))
        pkgs = self.spec.get("apt", [])
        if not pkgs:
            log.warning("[system] no packages listed for the missing tools")
            return
        self.run_cmd(["apt-get", "update", "-qq"])
        self.run_cmd(["apt-get", "install", "-y", "--no-install-recommends", *pkgs])


class PythonEnv(Step):
    name = "python"

    def __call__(self) -> None:
        target = self.root / self.spec.get("venv", ".venv")
        if not target.exists():
            log.info("[python] creating %s", target)
            if not self.dry_run:
                venv.EnvBuilder(with_pip=True, upgrade_deps=True).create(target)
        pip = target / "bin" / "pip"
        for req in self.spec.get("requirements", []):
            self.run_cmd([str(pip), "install", "-r", str(self.root / req)])


class NodeEnv(Step):
    name = "node"

    def __call__(self) -> None:
        npm = shutil.which("npm")
        if npm is None:
            log.warning("[node] npm not found, skipping")
            return
        workdir = self.root / self.spec.get("dir", ".")
        lock = workdir / self.spec.get("lockfile", "package-lock.json")
        self.run_cmd([npm, "ci" if lock.exists() else "install"], cwd=workdir)


STEPS = {"system": SystemPackages, "python": PythonEnv, "node": NodeEnv}


def main() -> int:
    ap = argparse.ArgumentParser(description="Set up the dev environment")
    ap.add_argument("--config", default="devenv.json")
    ap.add_argument("--only", choices=sorted(STEPS), action="append")
    ap.add_argument("-n", "--dry-run", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    cfg_path = Path(args.config).resolve()
    try:
        cfg = json.loads(cfg_path.read_text())
    except (OSError, json.JSONDecodeError) as exc:
        log.error("cannot read %s: %s", cfg_path, exc)
        return 2

    for key in args.only or list(STEPS):
        if key in cfg:
            STEPS[key](cfg_path.parent, cfg[key], args.dry_run)()
    log.info("done")
    return 0


if __name__ == "__main__":
    sys.exit(main())
