#!/usr/bin/env python3
"""Apply the receive-buffer profile for central-station telemetry receivers.

Patient monitors on the telemetry VLAN stream waveforms as multicast.  On the
central station gateways the stock kernel buffers drop bursts when a whole
ward reconnects after a network blip, so the vendor's install guide asks for
larger socket buffers, more IGMP memberships and loose reverse-path filtering
on the telemetry interface.  This tool compares the running values with the
profile in telemetry_tuning.toml and applies the difference.
"""
import argparse
import logging
import sys
import tomllib
from pathlib import Path

LOG = logging.getLogger("telemetry_tuner")
PROC_SYS = Path("/proc/sys")
PERSIST_FILE = Path("/etc/sysctl.d/60-telemetry-multicast.conf")

DEFAULT_PROFILE = {
    "net.core.rmem_max": 26214400,
    "net.core.rmem_default": 8388608,
    "net.core.netdev_max_backlog": 5000,
    "net.ipv4.igmp_max_memberships": 512,
    "net.ipv4.conf.{iface}.rp_filter": 2,
}


def key_to_path(key):
    return PROC_SYS.joinpath(*key.split("."))


def load_profile(path, iface):
    profile = dict(DEFAULT_PROFILE)
    p = Path(path)
    if p.exists():
        with p.open("rb") as fh:
            profile.update(tomllib.load(fh).get("sysctl", {}))
    return {k.format(iface=iface): int(v) for k, v in profile.items()}


def current_value(key):
    try:
        return int(key_to_path(key).read_text().split()[0])
    except (OSError, ValueError, IndexError):
        return None


def plan(profile):
    for key, wanted in profile.items():
        have = current_value(key)
        if have is None:
            LOG.warning("%s not present on this kernel", key)
            continue
        if have != wanted:
            yield key, have, wanted


def apply(changes):
    applied = []
    for key, have, wanted in changes:
        try:
            key_to_path(key).write_text(f"{wanted}\n")
        except PermissionError:
            LOG.error("%s: permission denied (run on the gateway as root)", key)
            continue
        LOG.info("%s: %s -> %s", key, have, wanted)
        applied.append(key)
    return applied


def persist(profile):
    lines = ["# telemetry multicast receive profile (telemetry_multicast_tuner.py)"]
    lines += [f"{k} = {v}" for k, v in sorted(profile.items())]
    PERSIST_FILE.write_text("\n".join(lines) + "\n")
    LOG.info("wrote %s", PERSIST_FILE)


def igmp_groups(iface):
    groups, current = 0, None
    try:
        for line in Path("/proc/net/igmp").read_text().splitlines()[1:]:
            if not line.startswith("\t"):
                current = line.split()[1] if len(line.split()) > 1 else None
            elif current == iface:
                groups += 1
    except OSError:
        pass
    return groups


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--iface", default="ens224", help="telemetry VLAN interface")
    ap.add_argument("--profile", default="telemetry_tuning.toml")
    ap.add_argument("--check", action="store_true", help="report only")
    ap.add_argument("--persist", action="store_true", help="also write sysctl.d drop-in")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    profile = load_profile(args.profile, args.iface)
    changes = list(plan(profile))
    LOG.info("%s has %d multicast group(s) joined", args.iface, igmp_groups(args.iface))
    if not changes:
        LOG.info("running values already match the profile")
    elif args.check:
        for key, have, wanted in changes:
            print(f"{key}: {have} (profile {wanted})")
        return 1
    else:
        applied = apply(changes)
        if len(applied) != len(changes):
            return 2
    if args.persist and not args.check:
        try:
            persist(profile)
        except PermissionError as exc:
            LOG.error("cannot persist: %s", exc)
            return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
