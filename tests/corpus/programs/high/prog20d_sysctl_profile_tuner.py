#!/usr/bin/env python3
"""kerntune -- apply named kernel tuning profiles.

Profiles bundle sysctl settings for common workloads.  ``kerntune``
compares the live values in /proc/sys with a profile, writes the profile
to /etc/sysctl.d/ so it survives reboots and loads it with sysctl.

    kerntune list
    kerntune diff web-frontend
    kerntune apply web-frontend [--now-only]
    kerntune revert
"""
import argparse
import datetime as dt
import json
import os
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Dict, Iterable, List, Optional

PROC_SYS = Path("/proc/sys")
DROPIN = Path("/etc/sysctl.d/90-kerntune.conf")
HISTORY = Path("kerntune-history.json")

PROFILES: Dict[str, Dict[str, str]] = {
    "web-frontend": {
        "net.core.somaxconn": "4096",
        "net.ipv4.tcp_max_syn_backlog": "8192",
        "net.ipv4.ip_local_port_range": "10240 65000",
        "net.ipv4.tcp_fin_timeout": "15",
        "net.ipv4.tcp_tw_reuse": "1",
        "fs.file-max": "2097152",
    },
    "database": {
        "vm.swappiness": "1",
        "vm.dirty_background_ratio": "5",
        "vm.dirty_ratio": "15",
        "vm.overcommit_memory": "2",
        "vm.overcommit_ratio": "90",
        "kernel.shmmax": "68719476736",
    },
    "build-host": {
        "fs.inotify.max_user_watches": "524288",
        "fs.inotify.max_user_instances": "1024",
        "vm.max_map_count": "262144",
        "kernel.pid_max": "4194304",
    },
}


@dataclass
class Change:
    key: str
    current: Optional[str]
    wanted: str

    @property
    def needed(self) -> bool:
        return _norm(self.current) != _norm(self.wanted)


def _norm(value: Optional[str]) -> Optional[str]:
    return None if value is None else " ".join(value.split())


def key_to_path(key: str) -> Path:
    return PROC_SYS.joinpath(*key.split("."))


def read_live(key: str) -> Optional[str]:
    try:
        return key_to_path(key).read_text().strip()
    except (FileNotFoundError, PermissionError):
        return None


def plan(profile: Dict[str, str]) -> List[Change]:
    return [Change(k, read_live(k), v) for k, v in sorted(profile.items())]


def need_root() -> None:
    if os.geteuid() != 0:
        raise SystemExit("this action must run as root (try: sudo kerntune ...)")


def write_live(changes: Iterable[Change]) -> List[str]:
    failed = []
    for ch in changes:
        if not ch.needed:
            continue
        try:
            key_to_path(ch.key).write_text(ch.wanted + "\n")
        except OSError as exc:
            failed.append("%s: %s" % (ch.key, exc))
    return failed


def render_dropin(name: str, profile: Dict[str, str]) -> str:
    lines = [
        "# Managed by kerntune -- profile %s" % name,
        "# Generated %s; do not edit by hand." % dt.datetime.now().isoformat(timespec="seconds"),
        "",
    ]
    lines += ["%s = %s" % (k, v) for k, v in sorted(profile.items())]
    return "\n".join(lines) + "\n"


def write_dropin(name: str, profile: Dict[str, str]) -> None:
    DROPIN.parent.mkdir(parents=True, exist_ok=True)
    tmp = DROPIN.with_suffix(".tmp")
    tmp.write_text(render_dropin(name, profile))
    os.chmod(tmp, 0o644)
    os.chown(tmp, 0, 0)
    tmp.replace(DROPIN)


def reload_sysctl() -> int:
    return subprocess.run(["sysctl", "--system"], stdout=subprocess.DEVNULL).returncode


def save_history(name: str, changes: List[Change]) -> None:
    history = json.loads(HISTORY.read_text()) if HISTORY.exists() else []
    history.append({
        "profile": name,
        "at": dt.datetime.now().isoformat(timespec="seconds"),
        "previous": {c.key: c.current for c in changes if c.needed},
    })
    HISTORY.write_text(json.dumps(history, indent=2))


def cmd_list(args) -> int:
    for name, profile in PROFILES.items():
        print("%-14s %d setting(s)" % (name, len(profile)))
    return 0


def cmd_diff(args) -> int:
    changes = plan(PROFILES[args.profile])
    width = max(len(c.key) for c in changes)
    pending = 0
    for c in changes:
        mark = "*" if c.needed else " "
        pending += c.needed
        print("%s %-*s  %-20s -> %s" % (mark, width, c.key, c.current or "(absent)", c.wanted))
    print("\n%d change(s) pending" % pending)
    return 0


def cmd_apply(args) -> int:
    need_root()
    profile = PROFILES[args.profile]
    changes = plan(profile)
    save_history(args.profile, changes)
    failed = write_live(changes)
    if not args.now_only:
        write_dropin(args.profile, profile)
        if reload_sysctl() != 0:
            print("warning: sysctl --system reported errors", file=sys.stderr)
    for line in failed:
        print("failed:", line, file=sys.stderr)
    print("applied %s (%d change(s))" % (args.profile, sum(c.needed for c in changes)))
    return 1 if failed else 0


def cmd_revert(args) -> int:
    need_root()
    if not HISTORY.exists():
        print("no history recorded", file=sys.stderr)
        return 1
    history = json.loads(HISTORY.read_text())
    last = history.pop()
    restore = [Change(k, read_live(k), v) for k, v in last["previous"].items() if v is not None]
    failed = write_live(restore)
    if DROPIN.exists():
        DROPIN.unlink()
    reload_sysctl()
    HISTORY.write_text(json.dumps(history, indent=2))
    print("reverted profile %s applied at %s" % (last["profile"], last["at"]))
    return 1 if failed else 0


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(prog="kerntune")
    sub = parser.add_subparsers(dest="cmd", required=True)
    sub.add_parser("list").set_defaults(func=cmd_list)
    d = sub.add_parser("diff")
    d.add_argument("profile", choices=sorted(PROFILES))
    d.set_defaults(func=cmd_diff)
    a = sub.add_parser("apply")
    a.add_argument("profile", choices=sorted(PROFILES))
    a.add_argument("--now-only", action="store_true", help="change live values, do not persist")
    a.set_defaults(func=cmd_apply)
    sub.add_parser("revert").set_defaults(func=cmd_revert)
    args = parser.parse_args(argv)
    return args.func(args)


if __name__ == "__main__":
    sys.exit(main())
