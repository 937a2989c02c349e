#!/usr/bin/env python3
"""savestate_lan_share - let a handheld grab emulator saves from this PC.

Serves the RetroArch (or any emulator's) save folder read-only over HTTP so
a Steam Deck, Retroid or Anbernic device on the same Wi-Fi can download
saves with its browser or a sync script, then shuts down after an idle
period so it is not left running.
"""
import argparse
import functools
import http.server
import logging
import os
import socket
import sys
import threading
import time

log = logging.getLogger("saveshare")

EMULATOR_DIRS = {
    "retroarch": "~/.config/retroarch/saves",
    "retroarch-states": "~/.config/retroarch/states",
    "duckstation": "~/.local/share/duckstation/memcards",
    "pcsx2": "~/.config/PCSX2/memcards",
    "ppsspp": "~/.config/ppsspp/PSP/SAVEDATA",
}


def lan_address():
    """Best guess at the address other devices should use."""
    s = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    try:
        s.connect(("192.0.2.1", 9))  # no packet is sent for UDP connect
        return s.getsockname()[0]
    except OSError:
        return "127.0.0.1"
    finally:
        s.close()


class SaveHandler(http.server.SimpleHTTPRequestHandler):
    server_version = "saveshare/1.2"
    last_hit = time.monotonic()

    def do_GET(self):
        type(self).last_hit = time.monotonic()
        super().do_GET()

    def do_HEAD(self):
        type(self).last_hit = time.monotonic()
        super().do_HEAD()

    def log_message(self, fmt, *args):
        log.info("%s %s", self.address_string(), fmt % args)

    def end_headers(self):
        self.send_header("Cache-Control", "no-store")
        super().end_headers()


def idle_watchdog(server, idle_minutes):
    while True:
        time.sleep(15)
        idle = time.monotonic() - SaveHandler.last_hit
        if idle > idle_minutes * 60:
            log.info("idle for %d min, stopping", idle_minutes)
            server.shutdown()
            return


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("source", nargs="?", default="retroarch",
                    help=f"one of {', '.join(EMULATOR_DIRS)} or a path")
    ap.add_argument("--port", type=int, default=8765)
    ap.add_argument("--bind", default="0.0.0.0")
    ap.add_argument("--idle", type=int, default=20, help="minutes before auto-stop (0 = never)")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    directory = os.path.expanduser(EMULATOR_DIRS.get(args.source, args.source))
    if not os.path.isdir(directory):
        log.error("save folder %s not found", directory)
        return 1

    handler = functools.partial(SaveHandler, directory=directory)
    try:
        server = http.server.ThreadingHTTPServer((args.bind, args.port), handler)
    except OSError as exc:
        log.error("cannot listen on %s:%d: %s", args.bind, args.port, exc)
        return 1

    log.info("sharing %s", directory)
    log.info("open http://%s:%d/ on the handheld", lan_address(), args.port)
    if args.idle:
        threading.Thread(target=idle_watchdog, args=(server, args.idle), daemon=True).start()
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        log.info("stopping")
    finally:
        server.server_close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
