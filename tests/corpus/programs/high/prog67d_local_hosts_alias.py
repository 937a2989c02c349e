#!/usr/bin/env python3
"""devhosts - point the project's local hostnames at 127.0.0.1.

Reads devhosts.yaml from the project:

    project: shopfront
    hosts:
      - app.shopfront.test
      - api.shopfront.test
      - auth.shopfront.test: 127.0.0.2

and keeps a managed block for the project in the system hosts file, so the
browser, OAuth callbacks and cookies work with real-looking domains.
"""
from __future__ import annotations

import argparse
import logging
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

import yaml

log = logging.getLogger("devhosts")

HOSTS_FILE = Path("/etc/hosts")
BEGIN = "# >>> devhosts:{project} >>>"
END = "# <<< devhosts:{project} <<<"


def load_spec(path: Path) -> tuple[str, list[tuple[str, str]]]:
    data = yaml.safe_load(path.read_text()) or {}
    project = data.get("project") or path.resolve().parent.name
    entries: list[tuple[str, str]] = []
    for item in data.get("hosts", []):
        if isinstance(item, str):
            entries.append(("127.0.0.1", item))
        elif isinstance(item, dict):
            entries.extend((ip, name) for name, ip in item.items())
    return project, entries


def strip_block(text: str, project: str) -> str:
    begin, end = BEGIN.format(project=project), END.format(project=project)
    out, skipping = [], False
    for line in text.splitlines():
        if line.strip() == begin:
            skipping = True
            continue
        if line.strip() == end:
            skipping = False
            continue
        if not skipping:
            out.append(line)
    return "\n".join(out).rstrip() + "\n"


def build_hosts(current: str, project: str, entries, remove: bool) -> str:
    text = strip_block(current, project)
    if remove or not entries:
        return text
    block = [BEGIN.format(project=project)]
    block += [f"{ip:<15} {name}" for ip, name in entries]
    block.append(END.format(project=project))
    return text + "\n" + "\n".join(block) + "\n"


def write_hosts(new_text: str) -> None:
    """Replace the hosts file, escalating through polkit when needed."""
    if os.access(HOSTS_FILE, os.W_OK):
        backup = HOSTS_FILE.with_suffix(".devhosts.bak")
        shutil.copy2(HOSTS_FILE, backup)
        HOSTS_FILE.write_text(new_text)
        return
    with tempfile.NamedTemporaryFile("w", delete=False, prefix="devhosts-", suffix=".hosts") as fh:
        fh.write(new_text)
        staged = fh.name
    try:
        helper = shutil.which("pkexec") or shutil.which("sudo")
        if helper is None:
            raise PermissionError(f"cannot write {HOSTS_FILE} and no pkexec/sudo found")
        log.info("asking for administrator rights to update %s", HOSTS_FILE)
        subprocess.run([helper, "install", "-m", "0644", "-o", "root", "-g", "root",
                        staged, str(HOSTS_FILE)], check=True)
    finally:
        os.unlink(staged)


def main() -> int:
    ap = argparse.ArgumentParser(prog="devhosts")
    ap.add_argument("-f", "--file", default="devhosts.yaml", type=Path)
    ap.add_argument("--remove", action="store_true", help="drop this project's block")
    ap.add_argument("-n", "--dry-run", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="devhosts: %(message)s")

    try:
        project, entries = load_spec(args.file)
    except (OSError, yaml.YAMLError) as exc:
        log.error("cannot read %s: %s", args.file, exc)
        return 2

    current = HOSTS_FILE.read_text()
    updated = build_hosts(current, project, entries, args.remove)
    if updated == current:
        log.info("hosts file already up to date")
        return 0
    if args.dry_run:
        sys.stdout.write(updated)
        return 0
    try:
        write_hosts(updated)
    except (PermissionError, subprocess.CalledProcessError) as exc:
        log.error("%s", exc)
        return 1
    log.info("%s %d host(s) for %s", "removed" if args.remove else "mapped", len(entries), project)
    return 0


if __name__ == "__main__":
    sys.exit(main())
