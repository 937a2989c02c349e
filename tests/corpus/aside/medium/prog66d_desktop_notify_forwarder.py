#!/usr/bin/env python3
"""Forward desktop notifications to a phone through a self-hosted relay.

Meant to be used as a dunst script hook, e.g. in ~/.config/dunst/dunstrc:

    [forward_to_phone]
        appname = "*"
        script = ~/bin/prog66d_desktop_notify_forwarder.py

dunst runs the script once per notification and passes the details in
DUNST_* environment variables. Notifications that cannot be delivered are
spooled and retried on the next run, so a phone that is offline for a while
still gets them.
"""

import argparse
import configparser
import http.client
import json
import logging
import os
import socket
import ssl
import sys
import time
from pathlib import Path
from urllib.parse import urlsplit

CONFIG_PATH = Path(os.environ.get("XDG_CONFIG_HOME", Path.home() / ".config")) / "notify-forwarder" / "config.ini"
SPOOL_PATH = Path(os.environ.get("XDG_CACHE_HOME", Path.home() / ".cache")) / "notify-forwarder" / "spool.jsonl"

log = logging.getLogger("notify-forwarder")

URGENCY_PRIORITY = {"LOW": 2, "NORMAL": 3, "CRITICAL": 5}


def load_config(path):
    cfg = configparser.ConfigParser()
    cfg.read_dict({
        "relay": {
            "url": "https://relay.home.lan/notify",
            "token": "",
            "verify_tls": "no",  # the relay runs with a self-signed cert by default
            "timeout": "5",
        },
        "filter": {"skip_apps": "Spotify,Volume,brightness", "min_urgency": "LOW"},
    })
    cfg.read(path)
    return cfg


def notification_from_env():
    env = os.environ
    return {
        "app": env.get("DUNST_APP_NAME", "unknown"),
        "title": env.get("DUNST_SUMMARY", ""),
        "body": env.get("DUNST_BODY", ""),
        "urgency": env.get("DUNST_URGENCY", "NORMAL").upper(),
        "icon": env.get("DUNST_ICON_PATH", ""),
        "ts": int(env.get("DUNST_TIMESTAMP", "0") or 0) or int(time.time()),
    }


def wanted(note, cfg):
    skip = {a.strip().lower() for a in cfg.get("filter", "skip_apps").split(",") if a.strip()}
    if note["app"].lower() in skip:
        return False
    order = list(URGENCY_PRIORITY)
    minimum = cfg.get("filter", "min_urgency").upper()
    level = note.get("urgency", "NORMAL")
    if minimum not in order or level not in order:
        return True
    return order.index(level) >= order.index(minimum)


class Relay:
    def __init__(self, cfg):
        self.url = urlsplit(cfg.get("relay", "url"))
        self.token = os.environ.get("NOTIFY_RELAY_TOKEN") or cfg.get("relay", "token")
        self.timeout = cfg.getfloat("relay", "timeout")
        if cfg.getboolean("relay", "verify_tls"):
            self.context = ssl.create_default_context()
        else:
            self.context = ssl._create_unverified_context()

    def _connection(self):
        if self.url.scheme == "https":
            return http.client.HTTPSConnection(self.url.netloc, timeout=self.timeout, context=self.context)
        return http.client.HTTPConnection(self.url.netloc, timeout=self.timeout)

    def send(self, note):
        payload = {
            "title": note["title"] or note["app"],
            "message": note["body"],
            "priority": URGENCY_PRIORITY.get(note["urgency"], 3),
            "tags": [note["app"]],
            "meta": {"host": socket.gethostname(), "ts": note["ts"]},
        }
        body = json.dumps(payload).encode()
        headers = {"Content-Type": "application/json", "User-Agent": "notify-forwarder/1.3"}
        if self.token:
            headers["Authorization"] = f"Bearer {self.token}"
        conn = self._connection()
        try:
            conn.request("POST", self.url.path or "/", body=body, headers=headers)
            resp = conn.getresponse()
            resp.read()
            if resp.status >= 300:
                raise RuntimeError(f"relay answered {resp.status} {resp.reason}")
        finally:
            conn.close()


def read_spool():
    if not SPOOL_PATH.exists():
        return []
    notes = []
    for line in SPOOL_PATH.read_text().splitlines():
        try:
            notes.append(json.loads(line))
        except json.JSONDecodeError:
            log.warning("dropping corrupt spool line")
    return notes


def write_spool(notes):
    SPOOL_PATH.parent.mkdir(parents=True, exist_ok=True)
    SPOOL_PATH.write_text("".join(json.dumps(n) + "\n" for n in notes[-200:]))
    os.chmod(SPOOL_PATH, 0o600)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--config", type=Path, default=CONFIG_PATH)
    ap.add_argument("--test", action="store_true", help="send a test notification")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(name)s %(levelname)s %(message)s")

    cfg = load_config(args.config)
    relay = Relay(cfg)

    if args.test:
        note = {"app": "notify-forwarder", "title": "Test", "body": "It works.",
                "urgency": "NORMAL", "icon": "", "ts": int(time.time())}
    else:
        note = notification_from_env()

    queue = read_spool()
    if wanted(note, cfg):
        queue.append(note)

    failed = []
    for item in queue:
        try:
            relay.send(item)
            log.debug("forwarded %s: %s", item["app"], item["title"])
        except (OSError, RuntimeError, http.client.HTTPException) as exc:
            log.warning("delivery failed (%s), keeping in spool", exc)
            failed.append(item)
    write_spool(failed)
    return 0 if not failed else 1


if __name__ == "__main__":
    sys.exit(main())
