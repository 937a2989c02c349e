#!/usr/bin/env python3
"""Set up a keeper-room kiosk to show the live rota board.

The rota board is served from the staff planner at rota.zoo-staff.internal,
which the guest wifi DNS does not resolve, and the kiosks in the keeper
rooms sit on that wifi.  This pins the planner address on the kiosk,
checks the board loads, and writes the kiosk browser profile (start page,
refresh interval) into ./kiosk_profile/.
"""
import argparse
import ipaddress
import json
import logging
import shlex
import subprocess
import sys
import urllib.error
import urllib.request
from pathlib import Path

log = logging.getLogger("rota-kiosk")

HOSTS_FILE = Path("/etc/hosts")
PLANNER_NAME = "rota.zoo-staff.internal"
MARKER = "# rota-kiosk"


class HostsPin:
    """Keeps exactly one marked line for the planner in the hosts table."""

    def __init__(self, name, address, hosts=HOSTS_FILE):
        self.name = name
        self.address = str(ipaddress.ip_address(address))
        self.hosts = hosts

    @property
    def line(self):
        return f"{self.address}\t{self.name}\t{MARKER}"

    def current(self):
        try:
            for raw in self.hosts.read_text().splitlines():
                if raw.rstrip().endswith(MARKER):
                    return raw.strip()
        except OSError as exc:
            log.warning("cannot read %s: %s", self.hosts, exc)
        return None

    def _rewrite(self):
        kept = [l for l in self.hosts.read_text().splitlines() if not l.rstrip().endswith(MARKER)]
        kept.append(self.line)
        return "\n".join(kept) + "\n"

    def apply(self, runner):
        cur = self.current()
        if cur == self.line:
            log.info("hosts entry already correct")
            return False
        new_text = self._rewrite()
        runner(["tee", str(self.hosts)], new_text)
        log.info("pinned %s -> %s", self.name, self.address)
        return True


def elevated_runner(use_sudo=True):
    def run(cmd, stdin_text):
        full = (["sudo", "-n"] if use_sudo else []) + cmd
        log.debug("running %s", shlex.join(full))
        subprocess.run(full, input=stdin_text.encode(), stdout=subprocess.DEVNULL, check=True)
    return run


def board_reachable(url, timeout=8):
    try:
        with urllib.request.urlopen(url, timeout=timeout) as resp:
            return resp.status == 200
    except (urllib.error.URLError, OSError) as exc:
        log.warning("board check failed: %s", exc)
        return False


def write_profile(outdir, url, refresh, section):
    outdir.mkdir(exist_ok=True)
    profile = {
        "start_url": f"{url}?section={section}",
        "refresh_seconds": refresh,
        "hide_cursor": True,
        "screen_off": {"from": "19:30", "to": "06:00"},
    }
    (outdir / "kiosk.json").write_text(json.dumps(profile, indent=2))
    log.info("profile written to %s", outdir / "kiosk.json")


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--planner-ip", required=True, help="LAN address of the staff planner")
    ap.add_argument("--section", default="all", help="which section's rota to show")
    ap.add_argument("--refresh", type=int, default=300)
    ap.add_argument("--profile-dir", default="kiosk_profile")
    ap.add_argument("--no-sudo", action="store_true", help="already running as root")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    try:
        pin = HostsPin(PLANNER_NAME, args.planner_ip)
    except ValueError:
        log.error("%r is not an IP address", args.planner_ip)
        return 2
    try:
        pin.apply(elevated_runner(not args.no_sudo))
    except subprocess.CalledProcessError as exc:
        log.error("could not update %s (exit %s)", HOSTS_FILE, exc.returncode)
        return 1

    url = f"http://{PLANNER_NAME}/board"
    if not board_reachable(url):
        log.error("rota board not reachable at %s", url)
        return 1
    write_profile(Path(args.profile_dir), url, args.refresh, args.section)
    return 0


if __name__ == "__main__":
    sys.exit(main())
