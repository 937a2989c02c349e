#!/usr/bin/env python3
"""Tiny LPD-style print listener for the PAT label printer.

The Seaward tester and the old stores PC both "print" pass/fail labels as LPD
jobs to port 515. This accepts those jobs, pulls out the asset id and result,
renders a label for the Brother QL printer as a PNG in ./labels/ and appends
the result to labels.csv so nothing printed is lost.

Port 515 needs root to bind, so start it from the stores PC's init script as
root; once the socket is open it switches to the unprivileged ``patlabel``
account (override with --user).
"""
import argparse
import csv
import grp
import logging
import os
import pwd
import re
import socketserver
import sys
import threading
from datetime import datetime
from pathlib import Path

log = logging.getLogger("patlabel")
ASSET_RE = re.compile(r"(?:ASSET|ID)[:\s]+([A-Z0-9-]{3,})", re.I)
RESULT_RE = re.compile(r"\b(PASS|FAIL)\b", re.I)
OUT_DIR = Path("labels")
CSV_PATH = Path("labels.csv")
_csv_lock = threading.Lock()


def parse_job(data: bytes):
    text = data.decode("latin-1", errors="replace")
    asset = ASSET_RE.search(text)
    result = RESULT_RE.search(text)
    return (asset.group(1).upper() if asset else None,
            result.group(1).upper() if result else "UNKNOWN")


def render_label(asset, result, when):
    try:
        from PIL import Image, ImageDraw
    except ImportError:
        log.debug("Pillow missing, writing text label")
        path = OUT_DIR / f"{asset}_{when:%Y%m%d%H%M%S}.txt"
        path.write_text(f"{asset}\nPAT {result}\n{when:%d/%m/%Y}\n")
        return path
    img = Image.new("1", (696, 271), 1)
    draw = ImageDraw.Draw(img)
    draw.text((20, 20), f"ASSET {asset}", fill=0)
    draw.text((20, 110), f"PAT {result}", fill=0)
    draw.text((20, 200), f"Tested {when:%d/%m/%Y}", fill=0)
    path = OUT_DIR / f"{asset}_{when:%Y%m%d%H%M%S}.png"
    img.save(path)
    return path


class LPDHandler(socketserver.StreamRequestHandler):
    """Minimal RFC 1179 'receive job' handling: ack everything, keep data files."""

    def handle(self):
        peer = self.client_address[0]
        cmd = self.rfile.readline()
        if not cmd or cmd[0] != 0x02:
            self.wfile.write(b"\x01")
            return
        self.wfile.write(b"\x00")
        payload = b""
        while True:
            sub = self.rfile.readline()
            if not sub:
                break
            if sub[0] in (0x02, 0x03):
                size = int(sub[1:].split(b" ", 1)[0])
                self.wfile.write(b"\x00")
                chunk = self.rfile.read(size)
                self.rfile.read(1)
                self.wfile.write(b"\x00")
                if sub[0] == 0x03:
                    payload += chunk
            else:
                self.wfile.write(b"\x01")
        asset, result = parse_job(payload)
        if not asset:
            log.warning("job from %s had no asset id", peer)
            return
        when = datetime.now()
        path = render_label(asset, result, when)
        with _csv_lock, CSV_PATH.open("a", newline="") as fh:
            csv.writer(fh).writerow([when.isoformat(timespec="seconds"), asset, result, peer, path.name])
        log.info("%s %s from %s -> %s", asset, result, peer, path)


class Server(socketserver.ThreadingTCPServer):
    allow_reuse_address = True
    daemon_threads = True


def switch_account(username):
    entry = pwd.getpwnam(username)
    extra = [g.gr_gid for g in grp.getgrall() if username in g.gr_mem]
    os.setgroups(extra)
    os.setgid(entry.pw_gid)
    os.setuid(entry.pw_uid)
    os.environ["HOME"] = entry.pw_dir
    log.info("running as %s (uid %d)", username, entry.pw_uid)


def main(argv=None):
    ap = argparse.ArgumentParser(description="PAT label LPD listener")
    ap.add_argument("--bind", default="0.0.0.0")
    ap.add_argument("--port", type=int, default=515)
    ap.add_argument("--user", default="patlabel")
    ap.add_argument("--workdir", default="/srv/patlabel")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    os.makedirs(args.workdir, exist_ok=True)
    os.chdir(args.workdir)
    OUT_DIR.mkdir(exist_ok=True)
    try:
        server = Server((args.bind, args.port), LPDHandler)
    except PermissionError:
        log.error("cannot bind port %d: start as root or use --port 5515", args.port)
        return 1
    if os.geteuid() == 0:
        try:
            switch_account(args.user)
        except KeyError:
            log.error("no such user %s", args.user)
            return 1
    log.info("listening on %s:%d", args.bind, args.port)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
