#!/usr/bin/env python3
"""Render per-group resource limits for CI build users into limits.d.

Source of truth is ./limits.yaml in the infra repo, e.g.

    groups:
      ci-builders: {nproc: [4096, 8192], nofile: [65536, 131072]}
      students:    {nproc: [256, 512], fsize: [2097152, 4194304]}

The rendered file is installed atomically so PAM never sees a half-written
configuration. Run as root from the config-management agent.
"""
import argparse
import difflib
import logging
import os
import sys
import tempfile
from pathlib import Path

import yaml

LIMITS_DIR = Path("/etc/security/limits.d")
TARGET_NAME = "60-build-users.conf"
VALID_ITEMS = {"nproc", "nofile", "fsize", "memlock", "as", "cpu", "maxlogins"}
log = logging.getLogger("limits-sync")


def render(spec: dict) -> str:
    lines = ["# Managed by limits-sync from infra/limits.yaml - do not edit by hand", ""]
    for group, items in sorted(spec.get("groups", {}).items()):
        for item, bounds in sorted(items.items()):
            if item not in VALID_ITEMS:
                raise ValueError(f"{group}: unsupported limit item {item!r}")
            soft, hard = bounds
            if soft > hard:
                raise ValueError(f"{group}/{item}: soft {soft} > hard {hard}")
            lines.append(f"@{group:<16} soft  {item:<10} {soft}")
            lines.append(f"@{group:<16} hard  {item:<10} {hard}")
        lines.append("")
    return "\n".join(lines)


def install(content: str, target: Path) -> bool:
    current = target.read_text() if target.exists() else ""
    if current == content:
        log.info("%s already up to date", target)
        return False
    for line in difflib.unified_diff(current.splitlines(), content.splitlines(),
                                     str(target), "rendered", lineterm=""):
        log.info("%s", line)
    fd, tmp = tempfile.mkstemp(prefix=".limits-", dir=target.parent)
    try:
        with os.fdopen(fd, "w") as fh:
            fh.write(content)
        os.chown(tmp, 0, 0)
        os.chmod(tmp, 0o644)
        os.replace(tmp, target)
    except BaseException:
        os.unlink(tmp)
        raise
    log.info("installed %s", target)
    return True


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--spec", default="limits.yaml")
    ap.add_argument("--check", action="store_true", help="only render and diff")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    with open(args.spec, encoding="utf-8") as fh:
        spec = yaml.safe_load(fh) or {}
    try:
        content = render(spec)
    except ValueError as exc:
        log.error("invalid spec: %s", exc)
        return 2
    target = LIMITS_DIR / TARGET_NAME
    if args.check:
        print(content)
        return 0
    if os.geteuid() != 0:
        log.error("must run as root to write %s", target)
        return 1
    install(content, target)
    return 0


if __name__ == "__main__":
    sys.exit(main())
