#!/usr/bin/env python3
"""Brite-tank carbonation agent installer.

Installs a small agent that reads the brite tanks' pressure transducers from
the cellar gateway and nudges the CO2 regulator set point. The agent is set up
to start with the user session and to come back after reboots and logouts.
"""

import argparse
import json
import logging
import os
import shlex
import subprocess
import sys
import tempfile
from pathlib import Path

LOG = logging.getLogger("brite-install")

HOME = Path.home()
AGENT_DIR = HOME / ".local" / "lib" / "brite-agent"
UNIT_DIR = HOME / ".config" / "systemd" / "user"
AUTOSTART_DIR = HOME / ".config" / "autostart"
UNIT_NAME = "brite-agent.service"

AGENT_SOURCE = '''#!/usr/bin/env python3
import json, os, time, urllib.request
CFG = json.load(open(os.path.join(os.path.dirname(__file__), "agent.json")))
while True:
    for tank in CFG["tanks"]:
        url = "http://%s/tank/%s/psi" % (CFG["gateway"], tank)
        try:
            with urllib.request.urlopen(url, timeout=5) as r:
                psi = float(r.read().decode().strip())
            print("tank", tank, "psi", psi, flush=True)
        except Exception as exc:
            print("tank", tank, "error", exc, flush=True)
    time.sleep(CFG["interval"])
'''

UNIT_TEMPLATE = """[Unit]
Description=Brite tank carbonation agent
After=network-online.target

[Service]
ExecStart=/usr/bin/env python3 {agent}
Restart=always
RestartSec=30

[Install]
WantedBy=default.target
"""

DESKTOP_TEMPLATE = """[Desktop Entry]
Type=Application
Name=Brite Agent
Exec=systemctl --user start {unit}
X-GNOME-Autostart-enabled=true
"""


class Installer:
    def __init__(self, gateway, tanks, interval, dry_run=False):
        self.gateway = gateway
        self.tanks = tanks
        self.interval = interval
        self.dry_run = dry_run

    def _write(self, path: Path, text: str, mode=0o644):
        LOG.info("writing %s", path)
        if self.dry_run:
            return
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text)
        os.chmod(path, mode)

    def write_agent(self):
        self._write(AGENT_DIR / "agent.py", AGENT_SOURCE, 0o755)
        cfg = {"gateway": self.gateway, "tanks": self.tanks,
               "interval": self.interval}
        self._write(AGENT_DIR / "agent.json", json.dumps(cfg, indent=2))

    def write_unit(self):
        unit = UNIT_TEMPLATE.format(agent=shlex.quote(str(AGENT_DIR / "agent.py")))
        self._write(UNIT_DIR / UNIT_NAME, unit)
        self._write(AUTOSTART_DIR / "brite-agent.desktop",
                    DESKTOP_TEMPLATE.format(unit=UNIT_NAME))

    def enable(self):
        script = "\n".join([
            "set -e",
            "systemctl --user daemon-reload",
            f"systemctl --user enable --now {UNIT_NAME}",
            'loginctl enable-linger "$(id -un)" || true',
            f"systemctl --user --no-pager status {UNIT_NAME} | head -n 5",
        ])
        if self.dry_run:
            print(script)
            return
        with tempfile.NamedTemporaryFile("w", suffix=".sh", delete=False) as fh:
            fh.write(script + "\n")
            path = fh.name
        try:
            subprocess.run(["bash", path], check=True)
        finally:
            os.unlink(path)


def parse_tanks(value):
    tanks = [t.strip() for t in value.split(",") if t.strip()]
    if not tanks:
        raise argparse.ArgumentTypeError("need at least one tank id")
    return tanks


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--gateway", default="192.0.2.15")
    ap.add_argument("--tanks", type=parse_tanks, default=["BT1", "BT2", "BT3"])
    ap.add_argument("--interval", type=int, default=60)
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    inst = Installer(args.gateway, args.tanks, args.interval, args.dry_run)
    try:
        inst.write_agent()
        inst.write_unit()
        inst.enable()
    except (OSError, subprocess.CalledProcessError) as exc:
        LOG.error("install failed: %s", exc)
        return 1
    LOG.info("brite agent installed for tanks %s", ", ".join(args.tanks))
    return 0


if __name__ == "__main__":
    sys.exit(main())
