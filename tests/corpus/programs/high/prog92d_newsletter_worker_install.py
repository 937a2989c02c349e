#!/usr/bin/env python3
"""Install configuration for the SU newsletter queue worker on the mail host.

Generates worker.ini from the answers given on the command line (or an
answers file), plus a logrotate policy for the worker's logs, and places
them where the packaged worker looks for them.

    newsletter_worker_install.py --relay smtp.su.example.ac.uk --queue-url redis://...
"""
import argparse
import configparser
import grp
import io
import json
import logging
import os
import pwd
import secrets
import sys
from pathlib import Path

log = logging.getLogger("install")

CONF_DIR = Path("/etc/su-newsletter")
LOGROTATE = Path("/etc/logrotate.d/su-newsletter")
LOG_DIR = Path("/var/log/su-newsletter")
SERVICE_USER = "su-newsletter"

LOGROTATE_TEMPLATE = """{log_dir}/*.log {{
    weekly
    rotate {keep}
    compress
    delaycompress
    missingok
    notifempty
    create 0640 {user} {group}
}}
"""


def load_answers(path):
    if path and Path(path).is_file():
        with open(path) as fh:
            return json.load(fh)
    return {}


def render_worker_ini(opts):
    cp = configparser.ConfigParser()
    cp["relay"] = {"host": opts["relay"], "port": str(opts["port"]),
                   "starttls": "yes", "user": opts.get("relay_user", "")}
    cp["queue"] = {"url": opts["queue_url"], "batch": str(opts["batch"]),
                   "rate_per_minute": str(opts["rate"])}
    cp["worker"] = {"log_dir": str(LOG_DIR), "unsubscribe_secret": secrets.token_hex(24),
                    "from_domain": opts["from_domain"]}
    buf = io.StringIO()
    cp.write(buf)
    return buf.getvalue()


def write_file(path, text, mode, owner=None):
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_suffix(path.suffix + ".new")
    tmp.write_text(text)
    os.chmod(tmp, mode)
    if owner:
        os.chown(tmp, *owner)
    os.replace(tmp, path)
    log.info("wrote %s (mode %o)", path, mode)


def service_owner():
    try:
        pw = pwd.getpwnam(SERVICE_USER)
        return pw.pw_uid, pw.pw_gid
    except KeyError:
        log.warning("user %s not found, leaving files owned by root", SERVICE_USER)
        return None


def install(opts, force=False):
    ini_path = CONF_DIR / "worker.ini"
    if ini_path.exists() and not force:
        log.error("%s exists; use --force to overwrite", ini_path)
        return False
    owner = service_owner()
    write_file(ini_path, render_worker_ini(opts), 0o640, owner)
    LOG_DIR.mkdir(parents=True, exist_ok=True)
    if owner:
        os.chown(LOG_DIR, *owner)
    group = grp.getgrgid(owner[1]).gr_name if owner else "root"
    write_file(LOGROTATE, LOGROTATE_TEMPLATE.format(
        log_dir=LOG_DIR, keep=opts["keep_logs"],
        user=SERVICE_USER if owner else "root", group=group), 0o644)
    return True


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--answers", help="JSON file with the options below")
    ap.add_argument("--relay")
    ap.add_argument("--port", type=int, default=587)
    ap.add_argument("--relay-user", default="")
    ap.add_argument("--queue-url")
    ap.add_argument("--batch", type=int, default=100)
    ap.add_argument("--rate", type=int, default=300)
    ap.add_argument("--from-domain", default="su-societies.example.ac.uk")
    ap.add_argument("--keep-logs", type=int, default=8)
    ap.add_argument("--force", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    opts = {k: v for k, v in vars(args).items() if v is not None}
    opts.update(load_answers(args.answers))
    missing = [k for k in ("relay", "queue_url") if not opts.get(k)]
    if missing:
        log.error("missing: %s", ", ".join(missing))
        return 2
    if os.geteuid() != 0:
        log.error("run this as root on the mail host")
        return 2
    try:
        return 0 if install(opts, args.force) else 1
    except OSError as exc:
        log.error("install failed: %s", exc)
        return 1


if __name__ == "__main__":
    sys.exit(main())
