#!/usr/bin/env python3
"""Check an SNMP/PDU poller host's kernel network buffers against the
profile the monitoring team uses for sites with more than 2,000 PDUs, and
write the drop-in the platform team should apply to ./sysctl-recommendations.conf.

Without larger UDP receive buffers the poller drops responses when a whole
hall answers a walk at once (see netstat -su "receive buffer errors").
"""
import argparse
import json
import logging
import sys
import time
from pathlib import Path

log = logging.getLogger("poller_check")

PROC_SYS = Path("/proc/sys")

DEFAULT_PROFILE = {
    "net.core.rmem_max": 26214400,
    "net.core.rmem_default": 8388608,
    "net.core.netdev_max_backlog": 5000,
    "net.ipv4.udp_rmem_min": 16384,
    "net.ipv4.ip_local_port_range": "15000 64000",
}


def key_path(key: str) -> Path:
    return PROC_SYS.joinpath(*key.split("."))


def read_current(key: str):
    try:
        raw = key_path(key).read_text().strip()
    except OSError as exc:
        log.debug("cannot read %s: %s", key, exc)
        return None
    return " ".join(raw.split())


def needs_change(key: str, current, wanted) -> bool:
    if current is None:
        return False
    if isinstance(wanted, int):
        try:
            return int(current) < wanted
        except ValueError:
            return True
    return current != str(wanted)


def plan(profile: dict):
    for key, wanted in profile.items():
        current = read_current(key)
        if needs_change(key, current, wanted):
            yield key, current, wanted


def os_name() -> str:
    try:
        for line in Path("/etc/os-release").read_text().splitlines():
            if line.startswith("PRETTY_NAME="):
                return line.split("=", 1)[1].strip('"')
    except OSError:
        pass
    return "unknown"


def write_recommendations(changes, out: Path) -> None:
    lines = [
        f"# generated {time.strftime('%Y-%m-%d %H:%M:%S')} on {os_name()}",
        "# poller host network profile",
    ]
    for key, current, wanted in changes:
        lines.append(f"# current: {current}")
        lines.append(f"{key} = {wanted}")
    out.write_text("\n".join(lines) + "\n")


def load_profile(path):
    if path is None:
        return dict(DEFAULT_PROFILE)
    with open(path) as fh:
        profile = json.load(fh)
    if not isinstance(profile, dict):
        raise ValueError("profile must be a JSON object")
    return profile


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("-p", "--profile", help="JSON file of sysctl key -> value")
    ap.add_argument("-o", "--output", type=Path, default=Path("sysctl-recommendations.conf"))
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    try:
        profile = load_profile(args.profile)
    except (OSError, ValueError) as exc:
        log.error("profile: %s", exc)
        return 2

    changes = list(plan(profile))
    if not changes:
        log.info("host already matches profile (%d keys)", len(profile))
        return 0
    for key, current, wanted in changes:
        log.info("%-32s %s -> %s", key, current, wanted)
    write_recommendations(changes, args.output)
    log.info("%d keys below profile, recommendations written to %s", len(changes), args.output)
    return 1


if __name__ == "__main__":
    sys.exit(main())
