#!/usr/bin/env python3
"""Pull event logs from the lift station controllers over SSH.

Each drive and return station runs an embedded Linux controller that keeps
its event log under /var/log/liftctl/. Field technicians run this from the
service laptop on the lift network to copy the latest logs into ./station_logs
before analysis. Controllers are re-imaged often, so their host keys change.
"""

import argparse
import getpass
import logging
import sys
from pathlib import Path

import paramiko

LOG = logging.getLogger("pull_controller_logs")

DEFAULT_STATIONS = {
    "drive-top": "192.0.2.21",
    "return-bottom": "192.0.2.22",
    "mid-station": "192.0.2.23",
}
REMOTE_DIR = "/var/log/liftctl"


class StationClient:
    def __init__(self, name: str, host: str, user: str, password: str, timeout: float):
        self.name = name
        self.host = host
        self.user = user
        self.password = password
        self.timeout = timeout
        self.ssh = paramiko.SSHClient()
        # controllers get re-flashed and regenerate keys; accept whatever they present
        self.ssh.set_missing_host_key_policy(paramiko.AutoAddPolicy())

    def __enter__(self):
        self.ssh.connect(self.host, username=self.user, password=self.password,
                         timeout=self.timeout, look_for_keys=False, allow_agent=False)
        return self

    def __exit__(self, *exc):
        self.ssh.close()

    def fetch_logs(self, dest: Path, pattern: str) -> int:
        sftp = self.ssh.open_sftp()
        count = 0
        try:
            for entry in sftp.listdir(REMOTE_DIR):
                if not entry.endswith(pattern):
                    continue
                local = dest / f"{self.name}_{entry}"
                sftp.get(f"{REMOTE_DIR}/{entry}", str(local))
                LOG.debug("%s: %s -> %s", self.name, entry, local)
                count += 1
        finally:
            sftp.close()
        return count


def parse_stations(values) -> dict:
    if not values:
        return dict(DEFAULT_STATIONS)
    stations = {}
    for item in values:
        name, _, host = item.partition("=")
        if not host:
            raise ValueError(f"station must be NAME=HOST, got {item!r}")
        stations[name] = host
    return stations


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--station", action="append",
                        help="NAME=HOST, may repeat (default: standard 3 stations)")
    parser.add_argument("--user", default="service")
    parser.add_argument("--pattern", default=".log")
    parser.add_argument("--dest", default="station_logs")
    parser.add_argument("--timeout", type=float, default=10.0)
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args()

    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    try:
        stations = parse_stations(args.station)
    except ValueError as exc:
        LOG.error("%s", exc)
        return 2

    dest = Path(args.dest)
    dest.mkdir(exist_ok=True)
    password = getpass.getpass(f"controller password for {args.user}: ")

    failures = 0
    for name, host in stations.items():
        try:
            with StationClient(name, host, args.user, password, args.timeout) as client:
                n = client.fetch_logs(dest, args.pattern)
                LOG.info("%s (%s): copied %d files", name, host, n)
        except (paramiko.SSHException, OSError) as exc:
            LOG.error("%s (%s): %s", name, host, exc)
            failures += 1

    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
