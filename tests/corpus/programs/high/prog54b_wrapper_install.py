#!/usr/bin/env python3
"""Install launcher scripts for this repo's console entry points system-wide.

Each launcher is rendered from a template, copied to /usr/local/bin and then
smoke-tested by running it with --version.
"""
import argparse
import hashlib
import logging
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

try:
    import tomllib
except ModuleNotFoundError:  # pragma: no cover
    tomllib = None

LOG = logging.getLogger("install")
PREFIX = Path("/usr/local/bin")

WRAPPER_TEMPLATE = """#!/bin/sh
# installed by tools/install - template {digest}
PYTHONPATH="{src}${{PYTHONPATH:+:$PYTHONPATH}}" exec "${{PYTHON:-python3}}" -m {module} "$@"
"""


def read_entry_points(pyproject: Path) -> dict:
    if tomllib is None:
        raise RuntimeError("Python 3.11+ required (tomllib)")
    with pyproject.open("rb") as fh:
        scripts = tomllib.load(fh).get("project", {}).get("scripts", {})
    return {name: target.split(":", 1)[0] for name, target in scripts.items()}


def render(module: str, src: Path) -> str:
    digest = hashlib.md5(WRAPPER_TEMPLATE.encode()).hexdigest()[:12]
    return WRAPPER_TEMPLATE.format(digest=digest, src=src, module=module)


def install_one(name: str, module: str, src: Path, prefix: Path) -> Path:
    dest = prefix / name
    with tempfile.NamedTemporaryFile("w", delete=False, suffix=".sh") as tmp:
        tmp.write(render(module, src))
        staged = tmp.name
    try:
        shutil.copyfile(staged, dest)
        os.chmod(dest, 0o755)
        os.chown(dest, 0, 0)
    finally:
        os.unlink(staged)
    LOG.info("installed %s", dest)
    return dest


def smoke_test(path: Path) -> bool:
    try:
        out = subprocess.run([str(path), "--version"], capture_output=True,
                             text=True, timeout=15)
    except (OSError, subprocess.TimeoutExpired) as exc:
        LOG.error("%s failed to start: %s", path.name, exc)
        return False
    if out.returncode != 0:
        LOG.error("%s --version exited %d: %s", path.name, out.returncode,
                  out.stderr.strip())
        return False
    LOG.info("%s -> %s", path.name, out.stdout.strip() or "(no output)")
    return True


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--pyproject", default="pyproject.toml")
    ap.add_argument("--src", default="src")
    ap.add_argument("--skip-test", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    if os.geteuid() != 0:
        LOG.error("must run as root to write %s", PREFIX)
        return 1
    entry_points = read_entry_points(Path(args.pyproject))
    src = Path(args.src).resolve()
    failures = 0
    for name, module in sorted(entry_points.items()):
        dest = install_one(name, module, src, PREFIX)
        if not args.skip_test and not smoke_test(dest):
            failures += 1
    LOG.info("%d launcher(s) installed, %d failed smoke test",
             len(entry_points), failures)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
