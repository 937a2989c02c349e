#!/usr/bin/env python3
"""Receive images from the modality bridge on a local port.

The panoramic unit's bridge box forwards to this PC through its own tunnel
and lands on a local high port, so the receiver runs as the logged-in
user. Each object arrives as a length-prefixed frame: 4-byte big-endian
length, then the raw Part-10 file. Objects are written under the storage
directory, one folder per day.
"""

import argparse
import datetime as dt
import hashlib
import logging
import socketserver
import struct
import sys
from pathlib import Path

LOG = logging.getLogger("dicom-receiver")
MAX_OBJECT = 512 * 1024 * 1024


class StoreHandler(socketserver.StreamRequestHandler):
    def _read_exact(self, n):
        buf = bytearray()
        while len(buf) < n:
            chunk = self.rfile.read(n - len(buf))
            if not chunk:
                raise EOFError
            buf += chunk
        return bytes(buf)

    def handle(self):
        peer = "%s:%d" % self.client_address
        stored = 0
        while True:
            try:
                (length,) = struct.unpack(">I", self._read_exact(4))
                if length == 0 or length > MAX_OBJECT:
                    LOG.warning("%s: bad frame length %d", peer, length)
                    break
                data = self._read_exact(length)
            except EOFError:
                break
            if data[128:132] != b"DICM":
                self.wfile.write(b"\x01")
                LOG.warning("%s: object without DICM preamble rejected", peer)
                continue
            self.server.store(data)
            self.wfile.write(b"\x00")
            stored += 1
        LOG.info("%s: session closed, %d objects stored", peer, stored)


class StoreServer(socketserver.ThreadingTCPServer):
    allow_reuse_address = True
    daemon_threads = True

    def __init__(self, addr, root):
        super().__init__(addr, StoreHandler)
        self.root = Path(root)
        self.count = 0

    def store(self, data):
        folder = self.root / dt.date.today().isoformat()
        folder.mkdir(parents=True, exist_ok=True)
        name = hashlib.sha256(data).hexdigest()[:24] + ".dcm"
        (folder / name).write_bytes(data)
        self.count += 1


def summarise(root):
    for day in sorted(p for p in Path(root).iterdir() if p.is_dir()):
        files = list(day.glob("*.dcm"))
        size = sum(f.stat().st_size for f in files)
        print(f"{day.name}  {len(files):5d} objects  {size / 1e6:9.1f} MB")


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--bind", default="127.0.0.1")
    ap.add_argument("--port", type=int, default=11112)
    ap.add_argument("--storage", default="./dicom_store")
    ap.add_argument("--summary", action="store_true", help="print what is stored and exit")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    storage = Path(args.storage).resolve()
    storage.mkdir(parents=True, exist_ok=True)
    if args.summary:
        summarise(storage)
        return 0

    try:
        server = StoreServer((args.bind, args.port), storage)
    except OSError as exc:
        LOG.error("cannot listen on %s:%d: %s", args.bind, args.port, exc)
        return 1

    LOG.info("listening on %s:%d, storing under %s", args.bind, args.port, storage)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()
        LOG.info("stopped after %d objects", server.count)
    return 0


if __name__ == "__main__":
    sys.exit(main())
