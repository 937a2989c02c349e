#!/usr/bin/env python3
"""
Small production launcher for the Flask app on single-box installs that
don't run nginx in front.

It opens the listening socket itself (so it can take the standard HTTP
port), then switches to the unprivileged service account before importing
the application and serving requests with waitress.

    python serve.py --app myapp.wsgi:application --user webapp --port 80
"""
import argparse
import grp
import importlib
import logging
import os
import pwd
import signal
import socket
import sys

log = logging.getLogger("serve")


def load_app(spec):
    module_name, _, attr = spec.partition(":")
    module = importlib.import_module(module_name)
    return getattr(module, attr or "application")


def open_listener(host, port, backlog):
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    sock = socket.socket(family, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    sock.bind((host, port))
    sock.listen(backlog)
    sock.set_inheritable(True)
    log.info("listening on %s:%d", host, port)
    return sock


class ServiceAccount:
    def __init__(self, user, group=None):
        self.pw = pwd.getpwnam(user)
        self.gid = grp.getgrnam(group).gr_gid if group else self.pw.pw_gid

    def adopt(self):
        """Become the service account for the rest of the process lifetime."""
        if os.getuid() != 0:
            log.info("not root, staying uid %d", os.getuid())
            return
        os.setgroups([])
        os.setgid(self.gid)
        os.setuid(self.pw.pw_uid)
        os.environ["HOME"] = self.pw.pw_dir
        os.environ["USER"] = self.pw.pw_name
        os.umask(0o027)
        log.info("now running as %s (uid %d gid %d)", self.pw.pw_name, os.getuid(), os.getgid())


def install_signal_handlers(server):
    def _stop(signum, _frame):
        log.info("signal %d, shutting down", signum)
        server.close()
        sys.exit(0)
    signal.signal(signal.SIGTERM, _stop)
    signal.signal(signal.SIGINT, _stop)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[1])
    parser.add_argument("--app", default=os.environ.get("WSGI_APP", "myapp.wsgi:application"))
    parser.add_argument("--host", default=os.environ.get("BIND_HOST", "0.0.0.0"))
    parser.add_argument("--port", type=int, default=int(os.environ.get("BIND_PORT", "80")))
    parser.add_argument("--user", default=os.environ.get("SERVICE_USER", "webapp"))
    parser.add_argument("--group", default=None)
    parser.add_argument("--threads", type=int, default=8)
    parser.add_argument("--backlog", type=int, default=1024)
    args = parser.parse_args()

    logging.basicConfig(level=logging.INFO,
                        format="%(asctime)s [%(process)d] %(levelname)s %(name)s: %(message)s")

    try:
        listener = open_listener(args.host, args.port, args.backlog)
    except PermissionError:
        log.error("cannot bind port %d; start as root or pick a port >= 1024", args.port)
        return 1

    try:
        ServiceAccount(args.user, args.group).adopt()
    except KeyError as err:
        log.error("unknown account: %s", err)
        return 1

    try:
        from waitress.server import create_server
    except ImportError:
        log.error("waitress is not installed")
        return 1

    application = load_app(args.app)
    server = create_server(application, sockets=[listener], threads=args.threads,
                           ident="webapp")
    install_signal_handlers(server)
    log.info("serving %s with %d threads", args.app, args.threads)
    server.run()
    return 0


if __name__ == "__main__":
    sys.exit(main())
