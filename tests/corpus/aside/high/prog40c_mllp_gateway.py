#!/usr/bin/env python3
"""Minimal MLLP gateway that receives HL7 v2 ADT feeds from the hospital
interface engine and files each message under ./hl7_inbox.

On start it opens the listening port in the host firewall for the interface
engine's subnet only, and removes that rule again on shutdown.
"""
import argparse
import logging
import signal
import socketserver
import subprocess
import time
from pathlib import Path

VT, FS, CR = b"\x0b", b"\x1c", b"\x0d"
log = logging.getLogger("mllp")


def firewall_rule(action, port, source):
    cmd = ["iptables", action, "INPUT", "-p", "tcp", "-s", source,
           "--dport", str(port), "-m", "comment", "--comment", "mllp-gateway",
           "-j", "ACCEPT"]
    log.info("firewall: %s", " ".join(cmd))
    subprocess.run(cmd, check=True)


def build_ack(message: bytes) -> bytes:
    segments = message.split(CR)
    msh = segments[0].split(b"|") if segments else []
    control_id = msh[9] if len(msh) > 9 else b""
    stamp = time.strftime("%Y%m%d%H%M%S").encode()
    header = b"|".join([b"MSH", b"^~\\&", b"MLLPGW", b"RESEARCH", b"", b"", stamp,
                        b"", b"ACK", control_id + b"A", b"P", b"2.5"])
    return VT + header + CR + b"MSA|AA|" + control_id + CR + FS + CR


class MLLPHandler(socketserver.StreamRequestHandler):
    inbox = Path("hl7_inbox")

    def handle(self):
        buffer = b""
        while True:
            chunk = self.request.recv(4096)
            if not chunk:
                break
            buffer += chunk
            while VT in buffer and FS + CR in buffer:
                start = buffer.index(VT) + 1
                end = buffer.index(FS + CR)
                message, buffer = buffer[start:end], buffer[end + 2:]
                self.store(message)
                self.request.sendall(build_ack(message))

    def store(self, message):
        self.inbox.mkdir(exist_ok=True)
        name = f"{time.time_ns()}.hl7"
        (self.inbox / name).write_bytes(message)
        log.info("stored %s from %s", name, self.client_address[0])


class Gateway(socketserver.ThreadingTCPServer):
    allow_reuse_address = True
    daemon_threads = True


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--port", type=int, default=2575)
    ap.add_argument("--engine-subnet", default="10.20.30.0/24")
    ap.add_argument("--no-firewall", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    if not args.no_firewall:
        firewall_rule("-I", args.port, args.engine_subnet)

    server = Gateway(("0.0.0.0", args.port), MLLPHandler)
    signal.signal(signal.SIGTERM, lambda *_: server.shutdown())
    try:
        log.info("listening on port %d", args.port)
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()
        if not args.no_firewall:
            firewall_rule("-D", args.port, args.engine_subnet)


if __name__ == "__main__":
    main()
