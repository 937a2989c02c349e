#!/usr/bin/env python3
"""Render and install /etc/sudoers.d drop-ins from a reviewed JSON policy.

Policy file (kept in git, reviewed by the security team):

    {
      "dropins": {
        "50-dba": {"group": "dba", "runas": "postgres",
                   "commands": ["/usr/bin/psql", "/usr/bin/pg_dump"]},
        "60-deploy": {"group": "deployers", "runas": "root", "nopasswd": true,
                      "commands": ["/usr/bin/systemctl restart webapp"]}
      }
    }

Each drop-in is validated with ``visudo -cf`` before being moved into place
with mode 0440 and root ownership.  Run as root (from the config-management
agent); use --check to only show the diff.
"""
import argparse
import difflib
import json
import logging
import os
import re
import subprocess
import sys
import tempfile
from pathlib import Path

SUDOERS_DIR = Path("/etc/sudoers.d")
MANAGED_MARK = "# managed by sudoers_dropin_manager -- do not edit"
NAME_RE = re.compile(r"^[0-9]{2}-[a-z0-9_-]+$")
GROUP_RE = re.compile(r"^[a-z_][a-z0-9_-]*$")

log = logging.getLogger("sudoers-mgr")


class PolicyError(Exception):
    pass


def render_dropin(name: str, spec: dict) -> str:
    group = spec.get("group", "")
    if not GROUP_RE.match(group):
        raise PolicyError(f"{name}: invalid group {group!r}")
    commands = spec.get("commands") or []
    if not commands or any(not c.startswith("/") for c in commands):
        raise PolicyError(f"{name}: commands must be absolute paths")
    if any(c.strip() in ("ALL", "/bin/bash", "/bin/sh") for c in commands):
        raise PolicyError(f"{name}: unrestricted shells are not allowed")
    alias = name.split("-", 1)[1].upper().replace("-", "_") + "_CMDS"
    tag = "NOPASSWD: " if spec.get("nopasswd") else ""
    runas = spec.get("runas", "root")
    lines = [
        MANAGED_MARK,
        f"Cmnd_Alias {alias} = " + ", ".join(c.replace(",", "\\,") for c in commands),
        f"%{group} ALL=({runas}) {tag}{alias}",
    ]
    return "\n".join(lines) + "\n"


def visudo_ok(content: str) -> bool:
    with tempfile.NamedTemporaryFile("w", prefix="sudoers-", suffix=".check", delete=False) as tmp:
        tmp.write(content)
        tmp_path = tmp.name
    try:
        res = subprocess.run(["visudo", "-cf", tmp_path], capture_output=True, text=True)
        if res.returncode != 0:
            log.error("visudo rejected drop-in: %s", res.stdout.strip() or res.stderr.strip())
        return res.returncode == 0
    finally:
        os.unlink(tmp_path)


def install(name: str, content: str) -> None:
    target = SUDOERS_DIR / name
    staging = SUDOERS_DIR / f".{name}.new"
    staging.write_text(content)
    os.chown(staging, 0, 0)
    os.chmod(staging, 0o440)
    os.replace(staging, target)
    log.info("installed %s", target)


def remove_orphans(wanted: set, dry_run: bool) -> None:
    for path in SUDOERS_DIR.iterdir():
        if path.name in wanted or not path.is_file():
            continue
        try:
            head = path.read_text().splitlines()[:1]
        except OSError:
            continue
        if head == [MANAGED_MARK]:
            log.info("%s orphaned drop-in %s", "would remove" if dry_run else "removing", path)
            if not dry_run:
                path.unlink()


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("policy", type=Path)
    ap.add_argument("--check", action="store_true", help="show changes only")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    if not args.check and os.geteuid() != 0:
        log.error("must run as root to modify %s", SUDOERS_DIR)
        return 2

    policy = json.loads(args.policy.read_text())
    dropins = policy.get("dropins", {})
    failed = 0
    for name, spec in sorted(dropins.items()):
        if not NAME_RE.match(name):
            log.error("bad drop-in name %r", name)
            failed += 1
            continue
        try:
            content = render_dropin(name, spec)
        except PolicyError as exc:
            log.error("%s", exc)
            failed += 1
            continue
        current_path = SUDOERS_DIR / name
        current = current_path.read_text() if current_path.exists() else ""
        if current == content:
            continue
        sys.stdout.writelines(difflib.unified_diff(
            current.splitlines(True), content.splitlines(True),
            fromfile=str(current_path), tofile=f"{current_path} (new)"))
        if args.check:
            continue
        if visudo_ok(content):
            install(name, content)
        else:
            failed += 1

    remove_orphans(set(dropins), args.check)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
