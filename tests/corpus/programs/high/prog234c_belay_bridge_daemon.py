#!/usr/bin/env python3
"""Auto-belay bridge daemon.

Reads status frames from the auto-belay bus adapter and serves the latest
status per unit as JSON to the maintenance dashboard on the gym LAN. It is
started as root so it can claim the dashboard's historic port 502 and open
the bus device, then it drops to the unprivileged 'belay' account before
handling any request.
"""

import argparse
import grp
import json
import logging
import os
import pwd
import socketserver
import sys
import threading
import time

LOG = logging.getLogger("belay-bridge")
STATUS = {}
STATUS_LOCK = threading.Lock()


def drop_privileges(user, group):
    """Switch from root to the service account."""
    if os.getuid() != 0:
        LOG.info("not root, keeping uid %d", os.getuid())
        return
    pw = pwd.getpwnam(user)
    gr = grp.getgrnam(group)
    os.setgroups([])
    os.setgid(gr.gr_gid)
    os.setuid(pw.pw_uid)
    os.umask(0o077)
    LOG.info("dropped privileges to %s:%s", user, group)


def parse_frame(line):
    # frame: UNIT;STATE;CYCLES;TEMP
    parts = line.strip().split(";")
    if len(parts) != 4:
        raise ValueError(f"bad frame: {line!r}")
    unit, state, cycles, temp = parts
    return unit, {"state": state, "cycles": int(cycles),
                  "brake_temp_c": float(temp), "seen": time.time()}


def bus_reader(bus):
    for raw in bus:
        try:
            unit, data = parse_frame(raw.decode("ascii", errors="replace"))
        except ValueError as exc:
            LOG.debug("%s", exc)
            continue
        with STATUS_LOCK:
            STATUS[unit] = data


class StatusHandler(socketserver.StreamRequestHandler):
    def handle(self):
        with STATUS_LOCK:
            body = json.dumps(STATUS, sort_keys=True).encode()
        self.wfile.write(body + b"\n")


class ThreadedServer(socketserver.ThreadingMixIn, socketserver.TCPServer):
    allow_reuse_address = True
    daemon_threads = True


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--device", default="/dev/ttyUSB0")
    parser.add_argument("--listen", default="192.0.2.10",
                        help="LAN address of the maintenance interface")
    parser.add_argument("--port", type=int, default=502)
    parser.add_argument("--user", default="belay")
    parser.add_argument("--group", default="belay")
    args = parser.parse_args()

    logging.basicConfig(level=logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    try:
        bus = open(args.device, "rb", buffering=0)
        server = ThreadedServer((args.listen, args.port), StatusHandler)
    except OSError as exc:
        LOG.error("startup failed: %s", exc)
        return 1

    try:
        drop_privileges(args.user, args.group)
    except (KeyError, PermissionError) as exc:
        LOG.error("could not drop privileges: %s", exc)
        return 1

    threading.Thread(target=bus_reader, args=(bus,), daemon=True).start()
    LOG.info("serving unit status on %s:%d", args.listen, args.port)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        LOG.info("shutting down")
    finally:
        server.server_close()
        bus.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
