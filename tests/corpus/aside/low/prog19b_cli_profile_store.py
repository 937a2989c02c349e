#!/usr/bin/env python3
"""Manage named connection profiles for the reporting CLI.

Profiles live in ./.reportcli/profiles.json inside the project directory.
Writes are atomic (temp file + rename) and the file is kept owner-only
because profiles may hold database passwords.
"""
import argparse
import json
import logging
import os
import sys
import tempfile
from pathlib import Path

log = logging.getLogger("profiles")
STORE_DIR = Path(".reportcli")
STORE_FILE = STORE_DIR / "profiles.json"


def load_profiles():
    if not STORE_FILE.exists():
        return {}
    with STORE_FILE.open(encoding="utf-8") as fh:
        return json.load(fh)


def save_profiles(profiles):
    """Write profiles atomically and restrict the file to the owner."""
    STORE_DIR.mkdir(exist_ok=True)
    fd, tmp_path = tempfile.mkstemp(dir=STORE_DIR, prefix="profiles.", suffix=".tmp")
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            json.dump(profiles, fh, indent=2, sort_keys=True)
        os.chmod(tmp_path, 0o600)
        os.replace(tmp_path, STORE_FILE)
    except BaseException:
        if os.path.exists(tmp_path):
            os.unlink(tmp_path)
        raise
    os.chmod(STORE_FILE, 0o600)
    log.debug("saved %d profiles", len(profiles))


def cmd_add(args):
    profiles = load_profiles()
    if args.name in profiles and not args.overwrite:
        log.error("profile %s exists (use --overwrite)", args.name)
        return 1
    profiles[args.name] = {"host": args.host, "port": args.port,
                           "database": args.database, "user": args.user}
    save_profiles(profiles)
    log.info("profile %s saved", args.name)
    return 0


def cmd_list(_args):
    for name, prof in sorted(load_profiles().items()):
        print(f"{name:<12} {prof['user']}@{prof['host']}:{prof['port']}/{prof['database']}")
    return 0


def cmd_remove(args):
    profiles = load_profiles()
    if profiles.pop(args.name, None) is None:
        log.error("no profile named %s", args.name)
        return 1
    save_profiles(profiles)
    return 0


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = parser.add_subparsers(dest="cmd", required=True)
    p_add = sub.add_parser("add")
    p_add.add_argument("name")
    p_add.add_argument("--host", default="localhost")
    p_add.add_argument("--port", type=int, default=5432)
    p_add.add_argument("--database", required=True)
    p_add.add_argument("--user", required=True)
    p_add.add_argument("--overwrite", action="store_true")
    p_add.set_defaults(func=cmd_add)
    sub.add_parser("list").set_defaults(func=cmd_list)
    p_rm = sub.add_parser("remove")
    p_rm.add_argument("name")
    p_rm.set_defaults(func=cmd_remove)
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")
    try:
        return args.func(args)
    except (OSError, json.JSONDecodeError) as exc:
        log.error("profile store error: %s", exc)
        return 2


if __name__ == "__main__":
    sys.exit(main())
