#!/usr/bin/env python3
"""Compare this node's kernel parameters with the Kubernetes node profile.

Reads the current values from /proc/sys, compares them with the wanted
profile and writes a change plan (JSON) to ./plans/.  The plan lists the
`sysctl -w` lines an operator would run; this tool never changes anything.
"""
import argparse
import json
import logging
import sys
from dataclasses import asdict, dataclass
from datetime import datetime, timezone
from pathlib import Path
from typing import Dict, List, Optional

LOG = logging.getLogger("sysctl-plan")
PROC_SYS = Path("/proc/sys")
PLAN_DIR = Path("plans")

PROFILES: Dict[str, Dict[str, str]] = {
    "k8s-node": {
        "net.ipv4.ip_forward": "1",
        "net.bridge.bridge-nf-call-iptables": "1",
        "net.bridge.bridge-nf-call-ip6tables": "1",
        "vm.overcommit_memory": "1",
        "kernel.panic": "10",
        "fs.inotify.max_user_watches": "524288",
    },
    "edge-gateway": {
        "net.ipv4.ip_forward": "1",
        "net.ipv4.conf.all.rp_filter": "2",
        "net.core.somaxconn": "4096",
    },
}


@dataclass
class Change:
    key: str
    current: Optional[str]
    wanted: str

    @property
    def command(self) -> str:
        return f"sysctl -w {self.key}={self.wanted}"


def key_to_path(key: str) -> Path:
    return PROC_SYS.joinpath(*key.split("."))


def read_current(key: str) -> Optional[str]:
    path = key_to_path(key)
    try:
        return " ".join(path.read_text().split())
    except FileNotFoundError:
        LOG.debug("%s not available on this kernel", key)
        return None
    except PermissionError:
        LOG.debug("%s not readable by this user", key)
        return None


def build_plan(profile: Dict[str, str]) -> List[Change]:
    changes = []
    for key, wanted in sorted(profile.items()):
        current = read_current(key)
        if current != wanted:
            changes.append(Change(key, current, wanted))
    return changes


def write_plan(profile_name: str, changes: List[Change], directory: Path) -> Path:
    directory.mkdir(parents=True, exist_ok=True)
    stamp = datetime.now(timezone.utc).strftime("%Y%m%dT%H%M%SZ")
    target = directory / f"sysctl-{profile_name}-{stamp}.json"
    document = {
        "profile": profile_name,
        "generated": stamp,
        "changes": [dict(asdict(c), command=c.command) for c in changes],
    }
    target.write_text(json.dumps(document, indent=2) + "\n")
    return target


def print_plan(changes: List[Change]) -> None:
    if not changes:
        print("# node already matches the profile")
        return
    print("# review, then run on the node as an administrator:")
    for change in changes:
        note = "missing" if change.current is None else f"now {change.current}"
        print(f"{change.command}    # {note}")


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--profile", choices=sorted(PROFILES), default="k8s-node")
    parser.add_argument("--plan-dir", default=str(PLAN_DIR))
    parser.add_argument("--quiet", action="store_true")
    args = parser.parse_args(argv)
    logging.basicConfig(level=logging.WARNING if args.quiet else logging.INFO,
                        format="%(levelname)s %(message)s")

    changes = build_plan(PROFILES[args.profile])
    path = write_plan(args.profile, changes, Path(args.plan_dir))
    LOG.info("plan with %d change(s) written to %s", len(changes), path)
    if not args.quiet:
        print_plan(changes)
    return 1 if changes else 0


if __name__ == "__main__":
    sys.exit(main())
