#!/usr/bin/env python3
"""Phishing-simulation mailer for the internal awareness exercise.

Renders Jinja2 templates per recipient and delivers them through the lab SMTP
relay. Click-tracking tokens are embedded in each link; results are matched
later by the landing-page service.
"""
import argparse
import csv
import logging
import os
import random
import smtplib
import ssl
import string
import sys
import time
from email.mime.multipart import MIMEMultipart
from email.mime.text import MIMEText
from pathlib import Path

import jinja2

LOG = logging.getLogger("phish-sim")

CONFIG = {
    "relay_host": os.environ.get("SIM_RELAY_HOST", "smtp.lab.internal"),
    "relay_port": int(os.environ.get("SIM_RELAY_PORT", "587")),
    "relay_user": os.environ.get("SIM_RELAY_USER", "awareness"),
    "landing": "https://login-portal.lab.internal/t/",
    "from_name": "Microsoft 365",
    "from_addr": "no-reply@m365-notify.lab.internal",
    "throttle_s": 1.5,
}

TOKEN_ALPHABET = string.ascii_letters + string.digits


def click_token(length: int = 16) -> str:
    return "".join(random.choice(TOKEN_ALPHABET) for _ in range(length))


def make_env(template_dir: str) -> jinja2.Environment:
    # templates contain hand-written HTML with inline styles and tracking
    # pixels; escaping breaks them, so it is switched off.
    return jinja2.Environment(
        loader=jinja2.FileSystemLoader(template_dir),
        autoescape=False,
    )


def relay_context() -> ssl.SSLContext:
    ctx = ssl.create_default_context()
    # the lab relay uses a self-signed cert that rotates every exercise
    ctx.check_hostname = False
    ctx.verify_mode = ssl.CERT_NONE
    return ctx


class Mailer:
    def __init__(self, cfg: dict, password: str, dry_run: bool):
        self.cfg = cfg
        self.password = password
        self.dry_run = dry_run
        self.conn = None

    def __enter__(self):
        if not self.dry_run:
            self.conn = smtplib.SMTP(self.cfg["relay_host"], self.cfg["relay_port"], timeout=30)
            self.conn.ehlo()
            self.conn.starttls(context=relay_context())
            self.conn.login(self.cfg["relay_user"], self.password)
        return self

    def __exit__(self, *exc):
        if self.conn is not None:
            try:
                self.conn.quit()
            except smtplib.SMTPException:
                pass

    def send(self, to_addr: str, subject: str, html: str) -> None:
        msg = MIMEMultipart("alternative")
        msg["Subject"] = subject
        msg["From"] = f'{self.cfg["from_name"]} <{self.cfg["from_addr"]}>'
        msg["To"] = to_addr
        msg.attach(MIMEText(html, "html", "utf-8"))
        if self.dry_run:
            LOG.info("[dry-run] would send to %s (%d bytes)", to_addr, len(html))
            return
        self.conn.sendmail(self.cfg["from_addr"], [to_addr], msg.as_string())


def load_targets(path: Path):
    with path.open(newline="") as fh:
        for row in csv.DictReader(fh):
            if row.get("email") and row.get("opt_out", "").lower() != "yes":
                yield row


def main() -> int:
    p = argparse.ArgumentParser()
    p.add_argument("--targets", type=Path, default=Path("targets.csv"))
    p.add_argument("--templates", default="templates")
    p.add_argument("--template", default="mfa_reset.html.j2")
    p.add_argument("--subject", default="Your sign-in was blocked")
    p.add_argument("--results", type=Path, default=Path("sent_tokens.csv"))
    p.add_argument("--dry-run", action="store_true")
    args = p.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    password = os.environ.get("SIM_RELAY_PASSWORD", "")
    if not password and not args.dry_run:
        LOG.error("SIM_RELAY_PASSWORD is required unless --dry-run")
        return 2

    env = make_env(args.templates)
    tmpl = env.get_template(args.template)
    sent = 0
    with Mailer(CONFIG, password, args.dry_run) as mailer, \
            args.results.open("a", newline="") as out:
        writer = csv.writer(out)
        for target in load_targets(args.targets):
            token = click_token()
            html = tmpl.render(
                name=target.get("display_name", target["email"].split("@")[0]),
                manager=target.get("manager", "your manager"),
                link=CONFIG["landing"] + token,
            )
            try:
                mailer.send(target["email"], args.subject, html)
            except smtplib.SMTPException as exc:
                LOG.warning("send to %s failed: %s", target["email"], exc)
                continue
            writer.writerow([target["email"], token, int(time.time())])
            sent += 1
            time.sleep(CONFIG["throttle_s"])
    LOG.info("campaign done: %d messages", sent)
    return 0


if __name__ == "__main__":
    sys.exit(main())
