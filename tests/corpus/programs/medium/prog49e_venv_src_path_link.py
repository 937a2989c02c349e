#!/usr/bin/env python3
"""Link the project's ./src directory into the project virtualenv with a
.pth file (a lighter alternative to `pip install -e .`), then verify that
the venv interpreter can import the package.

Only ./.venv inside the current project is touched.
"""
import argparse
import logging
import subprocess
import sys
from pathlib import Path

LOG = logging.getLogger("pthlink")
PTH_NAME = "_project_src.pth"


def find_site_packages(venv: Path) -> Path:
    candidates = sorted(venv.glob("lib/python3.*/site-packages"))
    if not candidates:
        candidates = sorted(venv.glob("Lib/site-packages"))  # Windows layout
    if not candidates:
        raise FileNotFoundError(f"no site-packages under {venv}")
    return candidates[-1]


def venv_python(venv: Path) -> Path:
    for rel in ("bin/python", "Scripts/python.exe"):
        exe = venv / rel
        if exe.exists():
            return exe
    raise FileNotFoundError(f"no interpreter in {venv}")


def write_pth(site: Path, src: Path) -> Path:
    pth = site / PTH_NAME
    line = str(src.resolve()) + "\n"
    if pth.exists() and pth.read_text(encoding="utf-8") == line:
        LOG.info("%s already points at %s", pth.name, src)
        return pth
    pth.write_text(line, encoding="utf-8")
    LOG.info("wrote %s -> %s", pth, src)
    return pth


def verify(python: Path, package: str) -> bool:
    probe = f"import {package}, sys; print({package}.__file__)"
    result = subprocess.run(
        [str(python), "-c", probe], capture_output=True, text=True, timeout=30
    )
    if result.returncode != 0:
        LOG.error("import failed:\n%s", result.stderr.strip())
        return False
    LOG.info("%s imports from %s", package, result.stdout.strip())
    return True


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("package", help="top-level package name under ./src")
    ap.add_argument("--venv", type=Path, default=Path(".venv"))
    ap.add_argument("--src", type=Path, default=Path("src"))
    ap.add_argument("--remove", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    if not args.package.isidentifier():
        LOG.error("invalid package name %r", args.package)
        return 2
    root = Path.cwd().resolve()
    for p in (args.venv, args.src):
        if root not in p.resolve().parents and p.resolve() != root:
            LOG.error("%s is outside the project", p)
            return 2

    try:
        site = find_site_packages(args.venv)
        if args.remove:
            (site / PTH_NAME).unlink(missing_ok=True)
            LOG.info("removed %s", site / PTH_NAME)
            return 0
        if not (args.src / args.package).is_dir():
            LOG.error("%s/%s not found", args.src, args.package)
            return 1
        write_pth(site, args.src)
        return 0 if verify(venv_python(args.venv), args.package) else 1
    except (OSError, subprocess.TimeoutExpired) as exc:
        LOG.error("%s", exc)
        return 1


if __name__ == "__main__":
    sys.exit(main())
