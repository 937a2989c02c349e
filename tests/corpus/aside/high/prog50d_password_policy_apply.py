#!/usr/bin/env python3
"""Apply the company password policy to this host.

Policy values come from policy.toml (working directory) and are merged into
/etc/security/pwquality.conf and /etc/login.defs. Existing files are backed
up next to themselves. If not root, re-launches itself through pkexec.
"""
import argparse
import datetime
import logging
import os
import re
import shutil
import sys
import tomllib
from pathlib import Path

log = logging.getLogger("pwpolicy")

TARGETS = (
    # (file, section in policy.toml, separator)
    (Path("/etc/security/pwquality.conf"), "pwquality", " = "),
    (Path("/etc/login.defs"), "login_defs", "\t"),
)


def load_policy(path: Path) -> dict:
    with path.open("rb") as fh:
        policy = tomllib.load(fh)
    for _, section, _ in TARGETS:
        policy.setdefault(section, {})
    return policy


def merge(text: str, settings: dict, sep: str) -> str:
    lines = text.splitlines()
    seen = set()
    for i, line in enumerate(lines):
        m = re.match(r"^\s*#?\s*([A-Za-z_]+)\b", line)
        if m and m.group(1) in settings:
            key = m.group(1)
            if key in seen:
                lines[i] = "# " + line.lstrip("# ")
                continue
            lines[i] = f"{key}{sep}{settings[key]}"
            seen.add(key)
    for key in settings:
        if key not in seen:
            lines.append(f"{key}{sep}{settings[key]}")
    return "\n".join(lines) + "\n"


def apply_file(path: Path, settings: dict, sep: str, dry_run: bool) -> bool:
    if not settings:
        return False
    original = path.read_text() if path.exists() else ""
    updated = merge(original, settings, sep)
    if updated == original:
        log.info("%s already compliant", path)
        return False
    if dry_run:
        log.info("would update %s: %s", path, ", ".join(settings))
        return True
    stamp = datetime.datetime.now().strftime("%Y%m%d%H%M%S")
    if path.exists():
        shutil.copy2(path, path.with_name(f"{path.name}.{stamp}.bak"))
    path.write_text(updated)
    os.chmod(path, 0o644)
    os.chown(path, 0, 0)
    log.info("updated %s", path)
    return True


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--policy", type=Path, default=Path("policy.toml"))
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    if os.geteuid() != 0 and not args.dry_run:
        log.info("elevating with pkexec")
        os.execvp("pkexec", ["pkexec", sys.executable, os.path.abspath(__file__),
                             "--policy", str(args.policy.resolve())])
    try:
        policy = load_policy(args.policy)
    except (OSError, tomllib.TOMLDecodeError) as exc:
        log.error("cannot read policy: %s", exc)
        return 2
    changed = 0
    for path, section, sep in TARGETS:
        changed += apply_file(path, policy[section], sep, args.dry_run)
    log.info("%d file(s) %s", changed, "would change" if args.dry_run else "changed")
    return 0


if __name__ == "__main__":
    sys.exit(main())
