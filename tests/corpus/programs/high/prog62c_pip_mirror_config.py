#!/usr/bin/env python3
"""Configure pip on build agents to use the internal devpi mirror.

Writes the [global] section of pip's configuration for the chosen scope.  The
default scope is "site-wide", which covers every user and virtualenv on the
agent; "user" only touches the invoking user's ~/.config/pip/pip.conf.
"""
import argparse
import configparser
import io
import logging
import os
import sys
import urllib.request
from pathlib import Path

log = logging.getLogger("pip-mirror")

SCOPES = {
    "site-wide": [Path("/etc/pip.conf"), Path("/etc/xdg/pip/pip.conf")],
    "user": [Path.home() / ".config" / "pip" / "pip.conf"],
}
DEFAULTS = {
    "index-url": "https://devpi.build.example.com/root/pypi/+simple/",
    "timeout": "60",
    "retries": "5",
    "disable-pip-version-check": "true",
}


def mirror_alive(index_url, timeout=10):
    try:
        with urllib.request.urlopen(index_url + "pip/", timeout=timeout) as resp:
            return resp.status == 200
    except OSError as exc:
        log.warning("mirror check failed: %s", exc)
        return False


def render(existing_text, settings, extra_index):
    cfg = configparser.ConfigParser()
    if existing_text:
        cfg.read_string(existing_text)
    if not cfg.has_section("global"):
        cfg.add_section("global")
    for key, value in settings.items():
        cfg.set("global", key, value)
    if extra_index:
        cfg.set("global", "extra-index-url", "\n".join(extra_index))
    buf = io.StringIO()
    cfg.write(buf)
    return buf.getvalue()


def install(path, content, backup):
    path.parent.mkdir(parents=True, exist_ok=True)
    if path.exists() and backup:
        path.with_suffix(".conf.bak").write_text(path.read_text())
    tmp = path.with_name(path.name + ".new")
    tmp.write_text(content)
    os.chmod(tmp, 0o644)
    os.replace(tmp, path)
    log.info("updated %s", path)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--scope", choices=sorted(SCOPES), default="site-wide")
    ap.add_argument("--index-url", default=DEFAULTS["index-url"])
    ap.add_argument("--extra-index", action="append", default=[])
    ap.add_argument("--no-backup", action="store_true")
    ap.add_argument("--skip-check", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(name)s: %(message)s")

    settings = dict(DEFAULTS, **{"index-url": args.index_url})
    if not args.skip_check and not mirror_alive(args.index_url):
        log.error("refusing to point pip at an unreachable mirror")
        return 2

    failures = 0
    for target in SCOPES[args.scope]:
        existing = target.read_text() if target.exists() else ""
        try:
            install(target, render(existing, settings, args.extra_index), not args.no_backup)
        except PermissionError:
            log.error("no permission to write %s (run as root on the agent)", target)
            failures += 1
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
