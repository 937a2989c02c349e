#!/usr/bin/env python3
"""Set up the environment for scanning the band's printed parts library.

Creates a virtual environment next to the scanning scripts, installs the
optical music recognition stack into it and checks that everything imports.
Run once on the librarian's PC before using scan_parts.py.
"""

import argparse
import logging
import os
import subprocess
import sys
import venv
from pathlib import Path

log = logging.getLogger("scan-setup")

PACKAGE_GROUPS = {
    "imaging": ["numpy>=1.24", "opencv-python-headless>=4.8", "Pillow>=10.0", "pdf2image>=1.16"],
    "music": ["music21>=9.1", "oemer>=0.1.7"],
    "console": ["tqdm>=4.66", "colorama>=0.4.6"],
}
IMPORT_CHECKS = {"numpy": "numpy", "cv2": "opencv", "PIL": "Pillow", "pdf2image": "pdf2image",
                 "music21": "music21", "tqdm": "tqdm", "colorama": "colorama"}


def venv_python(env_dir):
    sub = "Scripts" if os.name == "nt" else "bin"
    exe = "python.exe" if os.name == "nt" else "python"
    return Path(env_dir) / sub / exe


def create_env(env_dir, clear=False):
    if venv_python(env_dir).exists() and not clear:
        log.info("using existing environment %s", env_dir)
        return
    log.info("creating virtual environment in %s", env_dir)
    venv.EnvBuilder(with_pip=True, clear=clear, upgrade_deps=False).create(env_dir)


def pip(env_dir, *args, quiet=True):
    cmd = [str(venv_python(env_dir)), "-m", "pip", *args]
    if quiet:
        cmd.append("-q")
    log.debug("running %s", " ".join(cmd))
    result = subprocess.run(cmd, capture_output=True, text=True)
    if result.returncode != 0:
        log.error(result.stderr.strip()[-2000:])
        raise RuntimeError(f"pip {' '.join(args[:2])} failed")
    return result.stdout


def selected_packages(groups):
    pkgs = []
    for g in groups:
        pkgs.extend(PACKAGE_GROUPS[g])
    return pkgs


def check_imports(env_dir):
    missing = []
    for module, label in IMPORT_CHECKS.items():
        r = subprocess.run([str(venv_python(env_dir)), "-c", f"import {module}"],
                           capture_output=True)
        if r.returncode != 0:
            missing.append(label)
    return missing


def write_activate_hint(env_dir):
    hint = Path("SCANNING.txt")
    hint.write_text(
        "Scanning environment ready.\n"
        f"Activate with: source {env_dir}/bin/activate\n"
        "Then run: python scan_parts.py <pdf-or-folder>\n"
    )


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--env", default=".venv-scan")
    ap.add_argument("--groups", nargs="+", default=list(PACKAGE_GROUPS),
                    choices=list(PACKAGE_GROUPS))
    ap.add_argument("--recreate", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    if sys.version_info < (3, 9):
        log.error("Python 3.9 or newer is needed")
        return 2
    try:
        create_env(args.env, clear=args.recreate)
        pip(args.env, "install", "--upgrade", "pip", "wheel")
        pkgs = selected_packages(args.groups)
        log.info("installing %d packages", len(pkgs))
        pip(args.env, "install", *pkgs)
    except (OSError, RuntimeError) as exc:
        log.error("setup failed: %s", exc)
        return 1

    missing = check_imports(args.env)
    if missing:
        log.warning("these did not import: %s", ", ".join(missing))
    write_activate_hint(args.env)
    log.info("done")
    return 0


if __name__ == "__main__":
    sys.exit(main())
