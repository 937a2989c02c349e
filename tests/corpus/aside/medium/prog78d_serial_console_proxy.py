#!/usr/bin/env python3
"""Helpdesk console proxy for VDI guests.

Exposes a VM's QEMU serial console (a chardev unix socket) on a TCP port
so support staff can attach with `nc` or `telnet` from the helpdesk
network. The proxy speaks plain bytes: whatever arrives from the client is
written to the console, and console output is sent back.
"""

import argparse
import json
import logging
import os
import select
import socket
import sys
import threading

LOG = logging.getLogger("console-proxy")

PROXY_DEFAULTS = {
    "listen": "0.0.0.0",
    "port": 7443,
    "socket_dir": os.path.expanduser("~/.local/share/vdi/consoles"),
}


def load_settings(path):
    settings = dict(PROXY_DEFAULTS)
    if path and os.path.exists(path):
        with open(path) as fh:
            settings.update(json.load(fh))
    for key in ("listen", "port"):
        env = os.environ.get("CONSOLE_PROXY_" + key.upper())
        if env:
            settings[key] = int(env) if key == "port" else env
    return settings


class ConsoleEndpoint:
    """Local end of the proxy: the VM's serial chardev socket."""

    def __init__(self, socket_dir, domain):
        self.path = os.path.join(socket_dir, domain + ".serial.sock")
        self.sock = None

    def open(self):
        self.sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        self.sock.connect(self.path)
        LOG.info("attached to %s", self.path)
        return self.sock

    def close(self):
        if self.sock:
            self.sock.close()


def pump(client, console, stop):
    while not stop.is_set():
        try:
            ready, _, _ = select.select([client, console], [], [], 1.0)
        except (OSError, ValueError):
            break
        if client in ready:
            data = client.recv(4096)
            if not data:
                break
            console.sendall(data)
        if console in ready:
            data = console.recv(4096)
            if not data:
                break
            client.sendall(data)
    stop.set()


def handle(client, addr, settings, domain):
    LOG.info("client %s:%d -> %s", addr[0], addr[1], domain)
    endpoint = ConsoleEndpoint(settings["socket_dir"], domain)
    try:
        console = endpoint.open()
    except OSError as exc:
        LOG.warning("console for %s unavailable: %s", domain, exc)
        client.sendall(b"console unavailable\r\n")
        client.close()
        return
    stop = threading.Event()
    pump(client, console, stop)
    endpoint.close()
    client.close()
    LOG.info("client %s:%d detached", addr[0], addr[1])


def serve(settings, domain):
    srv = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    srv.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    srv.bind((settings["listen"], int(settings["port"])))
    srv.listen(4)
    LOG.info("listening on %s:%s for %s", settings["listen"], settings["port"], domain)
    while True:
        client, addr = srv.accept()
        threading.Thread(target=handle, args=(client, addr, settings, domain),
                         daemon=True).start()


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("domain", help="libvirt domain name whose console to expose")
    ap.add_argument("--settings", default=os.path.expanduser("~/.config/vdi/console-proxy.json"))
    ap.add_argument("--debug", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.debug else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    settings = load_settings(args.settings)
    try:
        serve(settings, args.domain)
    except KeyboardInterrupt:
        LOG.info("stopping")
    except OSError as exc:
        LOG.error("cannot serve: %s", exc)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
