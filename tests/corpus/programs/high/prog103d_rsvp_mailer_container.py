#!/usr/bin/env python3
"""Send RSVP invitations through a local mail relay.

The studio sends invitations through a small Postfix relay container that
forwards to the venue's mail provider (so the provider's per-minute limits
are handled by the relay queue, not by this script). The script makes sure
the relay is running, then renders and sends one invitation per guest.
"""

import argparse
import csv
import http.client
import json
import logging
import os
import smtplib
import socket
import string
import time
from email.message import EmailMessage
from pathlib import Path

log = logging.getLogger("rsvp-mailer")

RELAY_NAME = "rsvp-relay"
RELAY_IMAGE = "boky/postfix:v4.1.0"
RELAY_PORT = 2587


class EngineConnection(http.client.HTTPConnection):
    """HTTP over the local container engine socket."""

    def __init__(self, path="/var/run/docker.sock", timeout=30):
        super().__init__("localhost", timeout=timeout)
        self.sock_path = path

    def connect(self):
        s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        s.settimeout(self.timeout)
        s.connect(self.sock_path)
        self.sock = s


def engine(method, path, body=None):
    conn = EngineConnection(os.environ.get("RELAY_ENGINE_SOCK", "/var/run/docker.sock"))
    headers = {"Content-Type": "application/json"} if body is not None else {}
    conn.request(method, path, json.dumps(body) if body is not None else None, headers)
    resp = conn.getresponse()
    data = resp.read()
    conn.close()
    return resp.status, (json.loads(data) if data else None)


def ensure_relay(upstream_host, upstream_user, upstream_pass):
    status, info = engine("GET", f"/containers/{RELAY_NAME}/json")
    if status == 200 and info["State"]["Running"]:
        log.info("relay already running")
        return
    if status == 404:
        log.info("pulling %s", RELAY_IMAGE)
        repo, tag = RELAY_IMAGE.split(":")
        engine("POST", f"/images/create?fromImage={repo}&tag={tag}")
        spec = {
            "Image": RELAY_IMAGE,
            "Env": [f"RELAYHOST={upstream_host}",
                    f"RELAYHOST_USERNAME={upstream_user}",
                    f"RELAYHOST_PASSWORD={upstream_pass}",
                    "ALLOW_EMPTY_SENDER_DOMAINS=true"],
            "ExposedPorts": {"587/tcp": {}},
            "HostConfig": {
                "PortBindings": {"587/tcp": [{"HostIp": "127.0.0.1", "HostPort": str(RELAY_PORT)}]},
                "RestartPolicy": {"Name": "unless-stopped"},
            },
        }
        status, _ = engine("POST", f"/containers/create?name={RELAY_NAME}", spec)
        if status not in (200, 201):
            raise RuntimeError(f"could not create relay container (HTTP {status})")
    status, _ = engine("POST", f"/containers/{RELAY_NAME}/start")
    if status not in (204, 304):
        raise RuntimeError(f"could not start relay container (HTTP {status})")
    time.sleep(3)
    log.info("relay started")


def render(template, guest, couple):
    body = string.Template(template).safe_substitute(
        first_name=guest["name"].split()[0], couple=couple,
        rsvp_link=f"https://rsvp.example-weddings.co/{guest['code']}")
    msg = EmailMessage()
    msg["Subject"] = f"You're invited: {couple}"
    msg["From"] = os.environ.get("RSVP_FROM", "hello@example-weddings.co")
    msg["To"] = guest["email"]
    msg.set_content(body)
    return msg


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("guests", help="CSV with name,email,code")
    ap.add_argument("--template", default="invitation.txt")
    ap.add_argument("--couple", required=True, help='e.g. "Amy & Josh"')
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    with open(args.guests, newline="", encoding="utf-8") as fh:
        guests = [g for g in csv.DictReader(fh) if g.get("email")]
    template = Path(args.template).read_text(encoding="utf-8")
    if args.dry_run:
        print(render(template, guests[0], args.couple))
        return 0

    try:
        ensure_relay(os.environ["SMTP_UPSTREAM"], os.environ["SMTP_USER"], os.environ["SMTP_PASS"])
    except KeyError as exc:
        log.error("missing environment variable %s", exc)
        return 1
    except (OSError, RuntimeError) as exc:
        log.error("relay unavailable: %s", exc)
        return 2

    sent = 0
    with smtplib.SMTP("127.0.0.1", RELAY_PORT, timeout=30) as smtp:
        for g in guests:
            try:
                smtp.send_message(render(template, g, args.couple))
                sent += 1
            except smtplib.SMTPException as exc:
                log.warning("failed for %s: %s", g["email"], exc)
    log.info("queued %d/%d invitations", sent, len(guests))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
