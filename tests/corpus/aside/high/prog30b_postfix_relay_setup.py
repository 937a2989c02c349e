#!/usr/bin/env python3
"""Configure Postfix on this host to relay outgoing mail via SendGrid.

Monitoring tools on the box (cron, smartd, logwatch) send mail through the
local MTA.  This script points Postfix at an authenticated smarthost,
writes the SASL credentials map, rebuilds it with postmap, reloads Postfix
and sends a test message through localhost.  Must be run as root.
"""
import argparse
import getpass
import logging
import os
import shutil
import smtplib
import subprocess
import sys
import time
from email.message import EmailMessage

MAIN_CF = "/etc/postfix/main.cf"
SASL_MAP = "/etc/postfix/sasl_passwd"
log = logging.getLogger("relay-setup")

RELAY_SETTINGS = {
    "relayhost": "[{host}]:{port}",
    "smtp_sasl_auth_enable": "yes",
    "smtp_sasl_password_maps": f"hash:{SASL_MAP}",
    "smtp_sasl_security_options": "noanonymous",
    "smtp_tls_security_level": "encrypt",
    "smtp_tls_CAfile": "/etc/ssl/certs/ca-certificates.crt",
    "header_size_limit": "4096000",
}


def backup(path):
    if os.path.exists(path):
        dest = f"{path}.bak-{time.strftime('%Y%m%d%H%M%S')}"
        shutil.copy2(path, dest)
        log.info("backed up %s -> %s", path, dest)


def update_main_cf(host, port):
    wanted = {k: v.format(host=host, port=port) for k, v in RELAY_SETTINGS.items()}
    with open(MAIN_CF, encoding="utf-8") as fh:
        lines = fh.readlines()
    out, seen = [], set()
    for line in lines:
        key = line.split("=", 1)[0].strip() if "=" in line and not line.lstrip().startswith("#") else None
        if key in wanted:
            out.append(f"{key} = {wanted[key]}\n")
            seen.add(key)
        else:
            out.append(line)
    out += [f"{k} = {v}\n" for k, v in wanted.items() if k not in seen]
    backup(MAIN_CF)
    with open(MAIN_CF, "w", encoding="utf-8") as fh:
        fh.writelines(out)
    log.info("updated %d relay setting(s) in %s", len(wanted), MAIN_CF)


def write_sasl_map(host, port, user, password):
    backup(SASL_MAP)
    fd = os.open(SASL_MAP, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    with os.fdopen(fd, "w") as fh:
        fh.write(f"[{host}]:{port} {user}:{password}\n")
    os.chown(SASL_MAP, 0, 0)
    os.chmod(SASL_MAP, 0o600)
    subprocess.run(["postmap", f"hash:{SASL_MAP}"], check=True)
    os.chmod(SASL_MAP + ".db", 0o600)


def reload_postfix():
    subprocess.run(["postfix", "check"], check=True)
    subprocess.run(["systemctl", "reload", "postfix"], check=True)
    log.info("postfix reloaded")


def send_test(recipient):
    msg = EmailMessage()
    msg["Subject"] = f"Relay test from {os.uname().nodename}"
    msg["From"] = f"root@{os.uname().nodename}"
    msg["To"] = recipient
    msg.set_content("If you can read this, the smarthost relay works.\n")
    with smtplib.SMTP("localhost", 25, timeout=15) as smtp:
        smtp.send_message(msg)
    log.info("test message queued for %s; check `mailq` if it does not arrive", recipient)


def main():
    ap = argparse.ArgumentParser(description="configure postfix smarthost relay")
    ap.add_argument("--relay-host", default="smtp.sendgrid.net")
    ap.add_argument("--relay-port", type=int, default=587)
    ap.add_argument("--user", default="apikey")
    ap.add_argument("--test-to", help="send a test mail to this address")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    if os.geteuid() != 0:
        log.error("this script must run as root")
        return 1
    if not os.path.exists(MAIN_CF):
        log.error("%s not found; is postfix installed?", MAIN_CF)
        return 1

    password = getpass.getpass(f"Password/API key for {args.user}@{args.relay_host}: ")
    if not password:
        log.error("empty password")
        return 1
    try:
        update_main_cf(args.relay_host, args.relay_port)
        write_sasl_map(args.relay_host, args.relay_port, args.user, password)
        reload_postfix()
        if args.test_to:
            send_test(args.test_to)
    except (OSError, subprocess.CalledProcessError, smtplib.SMTPException) as exc:
        log.error("setup failed: %s", exc)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
