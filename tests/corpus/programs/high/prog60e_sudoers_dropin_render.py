#!/usr/bin/env python3
"""Render per-team sudoers drop-ins from ./teams.toml and install them.

Each team gets /etc/sudoers.d/50-team-<name> granting only the command
aliases listed for it. Every file is syntax-checked with `visudo -cf`
before it replaces the live one; stale team files are removed.
"""
import argparse
import logging
import os
import re
import subprocess
import sys
import tempfile
import tomllib
from pathlib import Path

SUDOERS_D = Path("/etc/sudoers.d")
PREFIX = "50-team-"
log = logging.getLogger("sudoers-render")
NAME_RE = re.compile(r"^[a-z][a-z0-9_]{1,30}$")


def render(team: str, spec: dict) -> str:
    group = spec.get("group", team)
    if not NAME_RE.match(team) or not NAME_RE.match(group):
        raise ValueError(f"bad team/group name: {team}/{group}")
    alias = f"{team.upper()}_CMDS"
    cmds = spec.get("commands", [])
    if not cmds:
        raise ValueError(f"team {team} has no commands")
    for c in cmds:
        if not c.startswith("/"):
            raise ValueError(f"command must be absolute: {c}")
    runas = spec.get("runas", "root")
    tag = "NOPASSWD: " if spec.get("nopasswd") else ""
    lines = [f"# managed by sudoers-render for team {team} - do not edit",
             f"Cmnd_Alias {alias} = " + ", \\\n    ".join(cmds),
             f"%{group} ALL=({runas}) {tag}{alias}", ""]
    if spec.get("log_output", True):
        lines.insert(1, f"Defaults:%{group} log_output")
    return "\n".join(lines)


def check(text: str) -> bool:
    with tempfile.NamedTemporaryFile("w", suffix=".sudoers", delete=False) as tmp:
        tmp.write(text)
    try:
        res = subprocess.run(["visudo", "-c", "-q", "-f", tmp.name],
                             capture_output=True, text=True)
        if res.returncode != 0:
            log.error("visudo rejected rendering:\n%s", res.stderr)
        return res.returncode == 0
    finally:
        os.unlink(tmp.name)


def install(team: str, text: str, dry_run: bool) -> bool:
    target = SUDOERS_D / f"{PREFIX}{team}"
    if target.exists() and target.read_text() == text:
        log.info("%s unchanged", target)
        return False
    if dry_run:
        log.info("[dry-run] would write %s", target)
        return True
    staging = target.with_name(f".{target.name}.new")
    staging.write_text(text)
    os.chown(staging, 0, 0)
    os.chmod(staging, 0o440)
    os.replace(staging, target)
    log.info("installed %s", target)
    return True


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--config", type=Path, default=Path("teams.toml"))
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("--prune", action="store_true", help="remove files of deleted teams")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    with args.config.open("rb") as fh:
        teams = tomllib.load(fh).get("team", {})
    changed = failed = 0
    for team, spec in sorted(teams.items()):
        try:
            text = render(team, spec)
        except ValueError as exc:
            log.error("%s", exc)
            failed += 1
            continue
        if not check(text):
            failed += 1
            continue
        changed += install(team, text, args.dry_run)

    if args.prune:
        for existing in SUDOERS_D.glob(f"{PREFIX}*"):
            if existing.name[len(PREFIX):] not in teams:
                log.info("%s %s", "[dry-run] would remove" if args.dry_run else "removing", existing)
                if not args.dry_run:
                    existing.unlink()
    log.info("%d changed, %d failed", changed, failed)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
