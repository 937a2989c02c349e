#!/usr/bin/env python3
"""Share today's lesson materials with the students in the room.

Starts a small web server on the teacher's PC that serves the lesson folder
(worksheets, audio, slides) to everyone on the classroom network, and prints
the address to put on the projector. Stops by itself after the lesson.
"""
import argparse
import functools
import http.server
import logging
import socketserver
import subprocess
import sys
import threading
import time
from pathlib import Path

log = logging.getLogger("lesson_share")


class QuietHandler(http.server.SimpleHTTPRequestHandler):
    """Directory-listing handler that logs through the logging module."""

    def log_message(self, fmt, *args):
        log.info("%s %s", self.client_address[0], fmt % args)


class LessonServer(socketserver.ThreadingMixIn, http.server.HTTPServer):
    daemon_threads = True
    allow_reuse_address = True


def classroom_addresses():
    """Ask the shell for this PC's addresses so students know where to go."""
    try:
        out = subprocess.run(["bash", "-c", "hostname -I || ip -4 -o addr show | awk '{print $4}'"],
                             capture_output=True, text=True, timeout=5).stdout
    except subprocess.TimeoutExpired:
        return []
    addrs = []
    for token in out.split():
        addr = token.split("/")[0]
        if addr and ":" not in addr and not addr.startswith("127."):
            addrs.append(addr)
    return addrs


def summarise(folder):
    files = [p for p in folder.rglob("*") if p.is_file()]
    size = sum(p.stat().st_size for p in files)
    log.info("sharing %d file(s), %.1f MB from %s", len(files), size / 1e6, folder)
    return len(files)


def stop_after(server, minutes):
    def _stop():
        time.sleep(minutes * 60)
        log.info("lesson time over (%d min), stopping", minutes)
        server.shutdown()
    t = threading.Thread(target=_stop, daemon=True)
    t.start()


def main(argv=None):
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("folder", type=Path, nargs="?", default=Path("lesson_materials"))
    p.add_argument("--port", type=int, default=8000)
    p.add_argument("--bind", default="0.0.0.0",
                   help="address to listen on (default: all interfaces)")
    p.add_argument("--minutes", type=int, default=90)
    args = p.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    if not args.folder.is_dir():
        log.error("lesson folder %s does not exist", args.folder)
        return 1
    if summarise(args.folder) == 0:
        log.warning("the folder is empty; students will see an empty list")

    handler = functools.partial(QuietHandler, directory=str(args.folder.resolve()))
    try:
        server = LessonServer((args.bind, args.port), handler)
    except OSError as exc:
        log.error("cannot listen on %s:%d: %s", args.bind, args.port, exc)
        return 1

    addrs = classroom_addresses() or ["<this-pc>"]
    print("Students can open:")
    for a in addrs:
        print(f"   http://{a}:{args.port}/")
    stop_after(server, args.minutes)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        log.info("stopped by teacher")
    finally:
        server.server_close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
