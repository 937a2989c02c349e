#!/usr/bin/env python3
"""
Launcher for the Flask app on shared dev VMs and in docker-compose.

It opens the listening socket itself, so the port can be handed over from
compose without a shell wrapper, then imports the application and serves
requests with waitress so the team can reach it from their laptops.

    python serve_dev.py --app myapp.wsgi:application --port 8000
"""
import argparse
import importlib
import logging
import os
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


class DevEnvironment:
    def __init__(self, settings_module=None):
        self.settings_module = settings_module

    def apply(self):
        """Point the app at the dev settings for the rest of the process lifetime."""
        os.environ.setdefault("FLASK_ENV", "development")
        if self.settings_module:
            os.environ["APP_SETTINGS"] = self.settings_module
        os.umask(0o022)
        log.info("dev environment ready (settings=%s)",
                 os.environ.get("APP_SETTINGS", "default"))


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
    parser.add_argument("--port", type=int, default=int(os.environ.get("BIND_PORT", "8000")))
    parser.add_argument("--settings", default=os.environ.get("APP_SETTINGS"))
    parser.add_argument("--threads", type=int, default=4)
    parser.add_argument("--backlog", type=int, default=128)
    args = parser.parse_args()

    logging.basicConfig(level=logging.INFO,
                        format="%(asctime)s [%(process)d] %(levelname)s %(name)s: %(message)s")

    try:
        listener = open_listener(args.host, args.port, args.backlog)
    except OSError as err:
        log.error("cannot bind %s:%d: %s", args.host, args.port, err)
        return 1

    DevEnvironment(args.settings).apply()

    try:
        from waitress.server import create_server
    except ImportError:
        log.error("waitress is not installed")
        return 1

    application = load_app(args.app)
    server = create_server(application, sockets=[listener], threads=args.threads,
                           ident="webapp-dev")
    install_signal_handlers(server)
    log.info("serving %s with %d threads", args.app, args.threads)
    server.run()
    return 0


if __name__ == "__main__":
    sys.exit(main())
