#!/usr/bin/env python3
"""Install the guest Wi-Fi portal sync agent for the current user.

Copies ``portal_agent.py`` from this checkout into the user's data
directory, writes its settings (controller URL, site, PMS endpoint) and
registers it with the user service manager so vouchers keep syncing
between the portal controller and the PMS after a reboot.
"""

import argparse
import getpass
import json
import logging
import os
import shutil
import subprocess
import sys
import textwrap
from pathlib import Path

log = logging.getLogger("portal_installer")

UNIT_NAME = "portal-agent.service"


def data_home():
    return Path(os.environ.get("XDG_DATA_HOME", Path.home() / ".local" / "share"))


def config_home():
    return Path(os.environ.get("XDG_CONFIG_HOME", Path.home() / ".config"))


def copy_agent(src, dest_dir):
    dest_dir.mkdir(parents=True, exist_ok=True)
    target = dest_dir / "portal_agent.py"
    shutil.copy2(src, target)
    os.chmod(target, 0o700)
    log.info("agent copied to %s", target)
    return target


def write_settings(path, controller, site, pms_url):
    path.parent.mkdir(parents=True, exist_ok=True)
    settings = {
        "controller_url": controller,
        "site": site,
        "pms_url": pms_url,
        "sync_interval": 60,
    }
    path.write_text(json.dumps(settings, indent=2))
    os.chmod(path, 0o600)
    return path


def render_unit(python, agent, settings):
    return textwrap.dedent(f"""\
        [Unit]
        Description=Guest portal voucher sync
        After=network-online.target

        [Service]
        ExecStart={python} {agent} --config {settings}
        Restart=always
        RestartSec=30

        [Install]
        WantedBy=default.target
        """)


def _run(cmd, check=True):
    log.debug("running %s", " ".join(cmd))
    result = subprocess.run(cmd, capture_output=True, text=True)
    if check and result.returncode != 0:
        raise RuntimeError(f"{cmd[0]} failed: {result.stderr.strip()}")
    return result


def register_service(unit_text, linger=True):
    unit_dir = config_home() / "systemd" / "user"
    unit_dir.mkdir(parents=True, exist_ok=True)
    unit_path = unit_dir / UNIT_NAME
    unit_path.write_text(unit_text)
    _run(["systemctl", "--user", "daemon-reload"])
    _run(["systemctl", "--user", "enable", "--now", UNIT_NAME])
    if linger:
        _run(["loginctl", "enable-linger", getpass.getuser()], check=False)
    log.info("service registered at %s", unit_path)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--agent", default="portal_agent.py")
    ap.add_argument("--controller", default="https://10.30.0.2:8443")
    ap.add_argument("--site", default="default")
    ap.add_argument("--pms-url", default="https://pms.harbour-hostel.example/api/v1")
    ap.add_argument("--no-linger", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    src = Path(args.agent)
    if not src.is_file():
        log.error("agent source %s not found; run from the repo root", src)
        return 1
    if shutil.which("systemctl") is None:
        log.error("systemctl not available on this machine")
        return 1

    base = data_home() / "portal-agent"
    try:
        agent = copy_agent(src, base)
        settings = write_settings(config_home() / "portal-agent" / "settings.json",
                                  args.controller, args.site, args.pms_url)
        register_service(render_unit(sys.executable, agent, settings),
                         linger=not args.no_linger)
    except (OSError, RuntimeError) as exc:
        log.error("install failed: %s", exc)
        return 1
    log.info("portal agent installed for %s", getpass.getuser())
    return 0


if __name__ == "__main__":
    sys.exit(main())
