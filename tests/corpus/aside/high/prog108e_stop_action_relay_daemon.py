#!/usr/bin/env python3
"""Drive the drawstop solenoids of a restored console from the organ software.

The console's drawstop solenoids are switched by a relay board on the
Raspberry Pi's GPIO header. The virtual organ engine sends stop changes
as small JSON datagrams ("{"stop": "Great Open Diapason 8", "on": true}")
to this daemon on localhost; the daemon maps stop names to GPIO lines
from stopmap.json and pulses the on- or off-coil.

GPIO lines are exported through sysfs at start-up (needs root), after
which the daemon switches to the unprivileged 'organ' account.
"""

import argparse
import ctypes
import ctypes.util
import grp
import json
import logging
import os
import pwd
import socket
import sys
import time
from pathlib import Path

log = logging.getLogger("stop-relay")

GPIO_ROOT = Path("/sys/class/gpio")
PULSE_SECONDS = 0.08


def export_lines(lines):
    for line in lines:
        node = GPIO_ROOT / f"gpio{line}"
        if not node.exists():
            (GPIO_ROOT / "export").write_text(str(line))
            time.sleep(0.05)
        (node / "direction").write_text("out")
        (node / "value").write_text("0")
        os.chown(node / "value", pwd.getpwnam(RUN_AS[0]).pw_uid, -1)
    log.info("exported %d GPIO lines", len(lines))


def drop_to(user, group):
    """Give up root once the GPIO nodes are set up."""
    libc = ctypes.CDLL(ctypes.util.find_library("c"), use_errno=True)
    uid = pwd.getpwnam(user).pw_uid
    gid = grp.getgrnam(group).gr_gid
    groups = (ctypes.c_uint * 1)(gid)
    for fn, args in (("setgroups", (1, groups)), ("setgid", (gid,)), ("setuid", (uid,))):
        if getattr(libc, fn)(*args) != 0:
            err = ctypes.get_errno()
            raise OSError(err, f"{fn} failed: {os.strerror(err)}")
    log.info("now running as %s:%s", user, group)


class StopMap:
    def __init__(self, path):
        data = json.loads(Path(path).read_text())
        self.stops = {name.lower(): (pins["on"], pins["off"]) for name, pins in data.items()}

    def lines(self):
        return sorted({p for pair in self.stops.values() for p in pair})

    def coil(self, stop, on):
        pins = self.stops.get(stop.lower())
        if pins is None:
            return None
        return pins[0] if on else pins[1]


def pulse(line):
    value = GPIO_ROOT / f"gpio{line}" / "value"
    value.write_text("1")
    time.sleep(PULSE_SECONDS)
    value.write_text("0")


RUN_AS = ("organ", "gpio")


def serve(stopmap, port):
    sock = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    sock.bind(("127.0.0.1", port))
    log.info("listening for stop changes on 127.0.0.1:%d", port)
    while True:
        data, _addr = sock.recvfrom(2048)
        try:
            msg = json.loads(data)
            line = stopmap.coil(msg["stop"], bool(msg["on"]))
        except (ValueError, KeyError) as exc:
            log.debug("bad datagram %r: %s", data[:80], exc)
            continue
        if line is None:
            log.debug("unmapped stop %s", msg.get("stop"))
            continue
        pulse(line)
        log.debug("%s %s (gpio%d)", msg["stop"], "on" if msg["on"] else "off", line)


def main():
    global RUN_AS
    ap = argparse.ArgumentParser(description="Drawstop solenoid relay daemon")
    ap.add_argument("--map", default="stopmap.json")
    ap.add_argument("--port", type=int, default=9123)
    ap.add_argument("--user", default=RUN_AS[0])
    ap.add_argument("--group", default=RUN_AS[1])
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    RUN_AS = (args.user, args.group)

    try:
        stopmap = StopMap(args.map)
        export_lines(stopmap.lines())
        if os.geteuid() == 0:
            drop_to(*RUN_AS)
    except (OSError, KeyError, ValueError) as exc:
        log.error("start-up failed: %s", exc)
        return 1
    try:
        serve(stopmap, args.port)
    except KeyboardInterrupt:
        pass
    return 0


if __name__ == "__main__":
    sys.exit(main())
