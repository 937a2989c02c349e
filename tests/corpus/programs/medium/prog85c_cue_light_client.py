#!/usr/bin/env python3
"""Cue-light client for backstage stations.

Each station (fly floor, follow-spot, stage left/right) runs this on a small
board. It holds a TCP connection to the stage manager's desk, receives
newline-delimited JSON cue messages and drives the station's lamp and
chime. Acknowledgements go back to the desk so the SM can see who is on
standby.

    python cue_light_client.py --desk sm-desk.local:7311 --station flys
"""
import argparse
import json
import logging
import os
import socket
import subprocess
import threading
import time
from pathlib import Path

log = logging.getLogger("cuelight")

SOUND_DIR = Path(os.environ.get("CUELIGHT_SOUNDS", "sounds"))
GPIO_VALUE = Path(os.environ.get("CUELIGHT_LAMP", "lamp_state"))


class Station:
    chimes = {"standby": "standby.wav", "go": "go.wav", "cancel": "cancel.wav"}

    def __init__(self, name, desk_host, desk_port):
        self.name = name
        self.addr = (desk_host, desk_port)
        self.sock = None
        self.state = "idle"
        self._lock = threading.Lock()

    # ---- outputs -------------------------------------------------------
    def set_lamp(self, state):
        self.state = state
        GPIO_VALUE.write_text({"idle": "0", "standby": "1", "go": "2"}.get(state, "0"))

    def chime(self, kind):
        wav = SOUND_DIR / self.chimes.get(kind, "")
        if wav.is_file():
            subprocess.Popen(["aplay", "-q", str(wav)], stdout=subprocess.DEVNULL,
                             stderr=subprocess.DEVNULL)

    # ---- protocol ------------------------------------------------------
    def send(self, **msg):
        msg.setdefault("station", self.name)
        data = (json.dumps(msg) + "\n").encode()
        with self._lock:
            self.sock.sendall(data)

    def on_standby(self, msg):
        self.set_lamp("standby")
        self.chime("standby")
        log.info("STANDBY cue %s", msg.get("cue"))
        self.send(type="ack", cue=msg.get("cue"), state="standby")

    def on_go(self, msg):
        self.set_lamp("go")
        self.chime("go")
        log.info("GO cue %s", msg.get("cue"))
        threading.Timer(3.0, self.set_lamp, args=("idle",)).start()

    def on_cancel(self, msg):
        self.set_lamp("idle")
        self.chime("cancel")

    def on_ping(self, msg):
        self.send(type="pong", t=msg.get("t"), state=self.state)

    def dispatch(self, msg):
        handler = getattr(self, "on_" + str(msg.get("type", "")), None)
        if handler is None:
            log.debug("ignoring message %r", msg)
            return
        handler(msg)

    def run_once(self):
        self.sock = socket.create_connection(self.addr, timeout=10)
        self.sock.settimeout(None)
        self.send(type="hello", version=2)
        log.info("connected to desk %s:%d", *self.addr)
        buf = b""
        while True:
            chunk = self.sock.recv(4096)
            if not chunk:
                raise ConnectionError("desk closed the connection")
            buf += chunk
            while b"\n" in buf:
                line, buf = buf.split(b"\n", 1)
                try:
                    self.dispatch(json.loads(line))
                except ValueError:
                    log.warning("bad line from desk: %r", line[:80])

    def run_forever(self):
        delay = 1
        while True:
            try:
                self.run_once()
            except OSError as exc:
                log.warning("desk link down (%s), retrying in %ds", exc, delay)
                self.set_lamp("idle")
                time.sleep(delay)
                delay = min(delay * 2, 30)
            else:
                delay = 1


def main():
    ap = argparse.ArgumentParser(description="backstage cue-light station")
    ap.add_argument("--desk", default=os.environ.get("CUELIGHT_DESK", "sm-desk.local:7311"))
    ap.add_argument("--station", required=True)
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(name)s %(message)s")
    host, _, port = args.desk.partition(":")
    Station(args.station, host, int(port or 7311)).run_forever()


if __name__ == "__main__":
    main()
