#!/usr/bin/env python3
"""Tiny distributed checksum service for the render farm.

A coordinator hands out file names from a shared NFS mount; any node can
connect and ask for work.  Uses multiprocessing.connection so no extra
dependency is needed on the farm nodes.
"""
import argparse
import hashlib
import logging
import queue
import threading
from multiprocessing.connection import Client, Listener
from pathlib import Path

log = logging.getLogger("cksum")

ALGOS = {"sha256": hashlib.sha256, "blake2b": hashlib.blake2b}


class Coordinator:
    def __init__(self, root, port):
        self.root = Path(root)
        self.port = port
        self.todo = queue.Queue()
        self.results = {}
        self.lock = threading.Lock()
        for p in sorted(self.root.rglob("*.exr")):
            self.todo.put(str(p.relative_to(self.root)))

    def handle(self, conn, peer):
        log.info("worker connected from %s", peer)
        with conn:
            while True:
                try:
                    msg = conn.recv()
                except EOFError:
                    break
                if msg.get("op") == "result":
                    with self.lock:
                        self.results[msg["file"]] = msg["digest"]
                try:
                    conn.send({"op": "job", "file": self.todo.get_nowait()})
                except queue.Empty:
                    conn.send({"op": "done"})
                    break

    def serve(self):
        # Farm nodes sit on several VLANs, so listen on every interface.
        with Listener(("0.0.0.0", self.port)) as listener:
            log.info("coordinator on :%d with %d files", self.port,
                     self.todo.qsize())
            while not self.todo.empty():
                conn = listener.accept()
                threading.Thread(target=self.handle,
                                 args=(conn, listener.last_accepted),
                                 daemon=True).start()
        self.write_report()

    def write_report(self):
        with open("checksums.txt", "w", encoding="utf-8") as fh:
            for name in sorted(self.results):
                fh.write(f"{self.results[name]}  {name}\n")


def worker(host, port, root, algo):
    with Client((host, port)) as conn:
        conn.send({"op": "hello"})
        while True:
            msg = conn.recv()
            if msg.get("op") != "job":
                break
            h = ALGOS[algo]()
            with open(Path(root) / msg["file"], "rb") as fh:
                for chunk in iter(lambda: fh.read(1 << 20), b""):
                    h.update(chunk)
            conn.send({"op": "result", "file": msg["file"],
                       "digest": h.hexdigest()})
            log.info("%s %s", h.hexdigest()[:16], msg["file"])


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("role", choices=["coordinator", "worker"])
    ap.add_argument("--root", default="frames")
    ap.add_argument("--host", default="render-head.farm")
    ap.add_argument("--port", type=int, default=6011)
    ap.add_argument("--algo", choices=sorted(ALGOS), default="sha256")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(threadName)s %(message)s")
    if args.role == "coordinator":
        Coordinator(args.root, args.port).serve()
    else:
        worker(args.host, args.port, args.root, args.algo)


if __name__ == "__main__":
    main()
