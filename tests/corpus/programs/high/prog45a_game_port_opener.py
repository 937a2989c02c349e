#!/usr/bin/env python3
"""Open or close the host firewall ports for the game servers in games.toml.

Each [game] table lists protocol and port ranges. Rules are inserted into
the INPUT chain with a comment tag so they can be removed again cleanly.
"""
import argparse
import logging
import shlex
import subprocess
import sys
import tomllib
from pathlib import Path

log = logging.getLogger("portopen")
TAG_PREFIX = "gamehost:"


def iptables(*args, check=True, dry_run=False):
    cmd = ["sudo", "-n", "iptables", "-w", "5", *args]
    if dry_run:
        print(shlex.join(cmd))
        return 0
    proc = subprocess.run(cmd, capture_output=True, text=True)
    if check and proc.returncode != 0:
        raise RuntimeError(f"{shlex.join(cmd)}: {proc.stderr.strip()}")
    return proc.returncode


def rule_spec(game: str, proto: str, ports: str) -> list:
    return ["-p", proto, "-m", "multiport", "--dports", ports,
            "-m", "comment", "--comment", f"{TAG_PREFIX}{game}", "-j", "ACCEPT"]


def load_games(path: Path) -> dict:
    with path.open("rb") as fh:
        data = tomllib.load(fh)
    games = {}
    for name, spec in data.get("game", {}).items():
        entries = []
        for proto in ("tcp", "udp"):
            ports = spec.get(proto)
            if ports:
                entries.append((proto, ",".join(str(p).replace("-", ":") for p in ports)))
        games[name] = entries
    return games


def open_ports(name, entries, dry_run):
    for proto, ports in entries:
        spec = rule_spec(name, proto, ports)
        if iptables("-C", "INPUT", *spec, check=False, dry_run=dry_run) == 0 and not dry_run:
            log.info("%s %s/%s already open", name, ports, proto)
            continue
        iptables("-I", "INPUT", *spec, dry_run=dry_run)
        log.info("opened %s %s/%s", name, ports, proto)


def close_ports(name, entries, dry_run):
    for proto, ports in entries:
        spec = rule_spec(name, proto, ports)
        while iptables("-C", "INPUT", *spec, check=False, dry_run=dry_run) == 0:
            iptables("-D", "INPUT", *spec, dry_run=dry_run)
            log.info("closed %s %s/%s", name, ports, proto)
            if dry_run:
                break


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("action", choices=["open", "close", "show"])
    ap.add_argument("games", nargs="*", help="default: all games in config")
    ap.add_argument("--config", default="games.toml")
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    games = load_games(Path(args.config))
    selected = args.games or sorted(games)
    unknown = [g for g in selected if g not in games]
    if unknown:
        log.error("unknown game(s): %s", ", ".join(unknown))
        return 2

    if args.action == "show":
        out = subprocess.run(["sudo", "-n", "iptables", "-S", "INPUT"],
                             capture_output=True, text=True).stdout
        for line in out.splitlines():
            if TAG_PREFIX in line:
                print(line)
        return 0
    handler = open_ports if args.action == "open" else close_ports
    try:
        for name in selected:
            handler(name, games[name], args.dry_run)
    except RuntimeError as exc:
        log.error("%s", exc)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
