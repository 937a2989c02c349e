#!/usr/bin/env python3
"""Receive Zendesk webhook events and queue them for the CRM sync.

Zendesk signs each webhook with HMAC-SHA256 over timestamp + body; events with
a valid signature are written to ./events/<date>/<event-id>.json where the
CRM sync job picks them up.

    webhook_listener_setup.py --config webhook.ini
"""
import argparse
import base64
import configparser
import hashlib
import hmac
import json
import logging
import os
import shutil
import subprocess
import sys
from datetime import date
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

log = logging.getLogger("zd-webhook")

DEFAULTS = {
    "bind": "0.0.0.0",
    "port": "8443",
    "path": "/hooks/zendesk",
    "events_dir": "events",
    "open_port": "yes",
}


def load_config(path):
    cfg = configparser.ConfigParser(defaults=DEFAULTS)
    if path and Path(path).exists():
        cfg.read(path)
    section = cfg["listener"] if cfg.has_section("listener") else cfg[cfg.default_section]
    secret = os.environ.get("ZENDESK_WEBHOOK_SECRET") or section.get("secret", "")
    if not secret:
        raise SystemExit("no webhook signing secret configured")
    return {
        "bind": section.get("bind"),
        "port": section.getint("port"),
        "path": section.get("path"),
        "events_dir": Path(section.get("events_dir")),
        "open_port": section.getboolean("open_port"),
        "secret": secret.encode(),
    }


class PortRule:
    """Make sure inbound traffic reaches the listener port."""

    chain = "INPUT"

    def __init__(self, port):
        self.spec = ["-p", "tcp", "--dport", str(port), "-m", "comment",
                     "--comment", "zendesk-webhook", "-j", "ACCEPT"]

    def _tool(self):
        cmd = [shutil.which("iptables") or "/usr/sbin/iptables"]
        if os.geteuid() != 0:
            cmd.insert(0, "sudo")
        return cmd

    def present(self):
        rc = subprocess.run(self._tool() + ["-C", self.chain] + self.spec,
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL).returncode
        return rc == 0

    def apply(self):
        if self.present():
            log.info("port rule already in place")
            return
        subprocess.run(self._tool() + ["-I", self.chain, "1"] + self.spec, check=True)
        log.info("inserted port rule for %s", self.spec[3])


def make_handler(conf):
    class Handler(BaseHTTPRequestHandler):
        server_version = "zd-webhook/1.2"

        def _valid(self, body):
            sig = self.headers.get("X-Zendesk-Webhook-Signature", "")
            ts = self.headers.get("X-Zendesk-Webhook-Signature-Timestamp", "")
            digest = hmac.new(conf["secret"], ts.encode() + body, hashlib.sha256).digest()
            return hmac.compare_digest(base64.b64encode(digest).decode(), sig)

        def do_POST(self):
            if self.path != conf["path"]:
                self.send_error(404)
                return
            length = int(self.headers.get("Content-Length", "0"))
            body = self.rfile.read(min(length, 1_048_576))
            if not self._valid(body):
                log.warning("bad signature from %s", self.client_address[0])
                self.send_error(401)
                return
            try:
                event = json.loads(body)
            except json.JSONDecodeError:
                self.send_error(400)
                return
            day_dir = conf["events_dir"] / date.today().isoformat()
            day_dir.mkdir(parents=True, exist_ok=True)
            event_id = str(event.get("id") or hashlib.sha256(body).hexdigest()[:16])
            (day_dir / f"{event_id}.json").write_bytes(body)
            self.send_response(202)
            self.end_headers()

        def log_message(self, fmt, *args):
            log.debug("%s - %s", self.client_address[0], fmt % args)

    return Handler


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--config", default="webhook.ini")
    ap.add_argument("--debug", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.debug else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    conf = load_config(args.config)
    conf["events_dir"].mkdir(parents=True, exist_ok=True)

    if conf["open_port"]:
        try:
            PortRule(conf["port"]).apply()
        except (subprocess.CalledProcessError, FileNotFoundError) as exc:
            log.warning("could not adjust firewall: %s", exc)

    server = ThreadingHTTPServer((conf["bind"], conf["port"]), make_handler(conf))
    log.info("listening on %s:%d%s", conf["bind"], conf["port"], conf["path"])
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        log.info("shutting down")
    finally:
        server.server_close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
