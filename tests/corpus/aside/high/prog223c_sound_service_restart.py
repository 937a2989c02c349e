#!/usr/bin/env python3
"""Restart the show audio stack between performances.

The sound desk's playback PC runs the audio bridge and the OSC listener as
system services. When playback drifts, the A1 runs this tool: it checks each
service, writes a short restart script and runs it, then verifies that the
services came back.
"""

import argparse
import configparser
import logging
import os
import subprocess
import sys
import tempfile
import time

LOG = logging.getLogger("sound_restart")

DEFAULT_SERVICES = ["pipewire-bridge.service", "osc-listener.service", "jack-show.service"]


class ServiceSet:
    def __init__(self, names, settle):
        self.names = names
        self.settle = settle

    @classmethod
    def from_ini(cls, path):
        cp = configparser.ConfigParser()
        if not cp.read(path):
            LOG.info("no %s; using default service list", path)
            return cls(DEFAULT_SERVICES, 3)
        names = [n.strip() for n in cp.get("audio", "services", fallback="").split(",") if n.strip()]
        settle = cp.getint("audio", "settle_seconds", fallback=3)
        return cls(names or DEFAULT_SERVICES, settle)


def service_state(name):
    proc = subprocess.run(["systemctl", "is-active", name], capture_output=True, text=True)
    return proc.stdout.strip() or "unknown"


def build_script(names, settle):
    """Restart script: services are passed in through AUDIO_SERVICES."""
    return f"""#!/bin/bash
set -u
rc=0
for svc in $AUDIO_SERVICES; do
  echo "restarting $svc"
  if ! systemctl restart "$svc"; then
    echo "restart of $svc failed" >&2
    rc=1
  fi
  sleep {int(settle)}
done
exit $rc
"""


def run_restart(svcs, dry_run=False):
    script = build_script(svcs.names, svcs.settle)
    if dry_run:
        print(script)
        return True
    with tempfile.NamedTemporaryFile("w", suffix=".sh", prefix="audio_restart_", delete=False) as fh:
        fh.write(script)
        path = fh.name
    try:
        env = dict(os.environ, AUDIO_SERVICES=" ".join(svcs.names))
        proc = subprocess.run(["bash", path], env=env, capture_output=True, text=True, timeout=120)
        for line in proc.stdout.splitlines():
            LOG.info(line)
        if proc.returncode != 0:
            LOG.error(proc.stderr.strip())
        return proc.returncode == 0
    except subprocess.TimeoutExpired:
        LOG.error("restart script timed out")
        return False
    finally:
        os.unlink(path)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--config", default="sound_desk.ini")
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("--only", nargs="*", help="restart only these services")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    svcs = ServiceSet.from_ini(args.config)
    if args.only:
        svcs.names = [n for n in svcs.names if n in args.only] or args.only

    before = {n: service_state(n) for n in svcs.names}
    for name, state in before.items():
        LOG.info("before: %-28s %s", name, state)

    ok = run_restart(svcs, args.dry_run)
    if args.dry_run:
        return 0

    time.sleep(svcs.settle)
    failed = [n for n in svcs.names if service_state(n) != "active"]
    for name in svcs.names:
        LOG.info("after:  %-28s %s", name, service_state(name))
    if failed or not ok:
        LOG.error("not running after restart: %s", ", ".join(failed) or "(script error)")
        return 1
    print("Audio stack restarted; safe to resume playback.")
    return 0


if __name__ == "__main__":
    sys.exit(main())
