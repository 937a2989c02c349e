#!/usr/bin/env python3
"""Network stitch-file converter for the embroidery heads.

Older Tajima and Barudan controllers can "print" a design to an LPD queue.
This server speaks enough LPD to accept the job, extracts the DST
payload, writes a JSON summary plus the raw design into the spool directory,
and returns an acknowledgement so the controller clears its queue.

The controllers are pointed at port 9515 (set "LPD port" in the machine's
network menu), so the server runs as the normal shop user.
"""
import argparse
import configparser
import hashlib
import json
import logging
import socketserver
import sys
import time
from pathlib import Path

log = logging.getLogger("stitchsrv")

DEFAULTS = {"listen": "0.0.0.0", "port": "9515", "spool": "./spool",
            "keep_days": "30"}


def parse_dst_header(data):
    head = data[:512].decode("latin-1", "replace")
    fields = {}
    for part in head.split("\r"):
        if len(part) > 3 and part[2] == ":":
            fields[part[:2].strip()] = part[3:].strip()
    return {
        "label": fields.get("LA", ""),
        "stitches": int(fields.get("ST", "0") or 0),
        "colours": int(fields.get("CO", "0") or 0) + 1,
        "extent_mm": [int(fields.get(k, "0") or 0) / 10 for k in ("+X", "-X", "+Y", "-Y")],
    }


class JobHandler(socketserver.StreamRequestHandler):
    timeout = 30

    def handle(self):
        peer = self.client_address[0]
        cmd = self.rfile.read(1)
        if cmd != b"\x02":
            self.wfile.write(b"\x01")
            return
        self.rfile.readline()
        self.wfile.write(b"\x00")
        payload = bytearray()
        while True:
            sub = self.rfile.readline()
            if not sub:
                break
            kind, rest = sub[:1], sub[1:].split(b" ", 1)
            size = int(rest[0])
            self.wfile.write(b"\x00")
            body = self.rfile.read(size)
            self.rfile.read(1)
            self.wfile.write(b"\x00")
            if kind == b"\x03":
                payload.extend(body)
        if not payload:
            log.warning("empty job from %s", peer)
            return
        self.server.store(bytes(payload), peer)


class ConverterServer(socketserver.ThreadingTCPServer):
    allow_reuse_address = True
    daemon_threads = True

    def __init__(self, addr, spool):
        super().__init__(addr, JobHandler)
        self.spool = Path(spool)

    def store(self, payload, peer):
        digest = hashlib.sha256(payload).hexdigest()[:16]
        stamp = time.strftime("%Y%m%d-%H%M%S")
        base = self.spool / f"{stamp}_{digest}"
        base.with_suffix(".dst").write_bytes(payload)
        meta = parse_dst_header(payload)
        meta.update({"source": peer, "received": stamp, "bytes": len(payload)})
        base.with_suffix(".json").write_text(json.dumps(meta, indent=2))
        log.info("job from %s: %s (%d stitches)", peer, meta["label"] or digest, meta["stitches"])


def prune_spool(spool, keep_days):
    cutoff = time.time() - keep_days * 86400
    removed = 0
    for item in spool.iterdir():
        if item.suffix in (".dst", ".json") and item.stat().st_mtime < cutoff:
            item.unlink()
            removed += 1
    if removed:
        log.info("pruned %d old spool file(s)", removed)


def main():
    ap = argparse.ArgumentParser(description="LPD stitch-file converter")
    ap.add_argument("--config", default="stitchsrv.ini")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    cfg = configparser.ConfigParser(defaults=DEFAULTS)
    cfg.read(args.config)
    sec = cfg["stitchsrv"] if cfg.has_section("stitchsrv") else cfg[cfg.default_section]

    spool = Path(sec.get("spool"))
    spool.mkdir(parents=True, exist_ok=True)
    prune_spool(spool, sec.getint("keep_days"))
    try:
        server = ConverterServer((sec.get("listen"), sec.getint("port")), spool)
    except OSError as exc:
        log.error("cannot bind %s:%s: %s", sec.get("listen"), sec.get("port"), exc)
        return 1

    log.info("listening on %s:%d, spooling to %s", *server.server_address, spool)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
