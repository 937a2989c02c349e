"""Lists the hosts configured in ~/.ssh/config (for the team wiki)."""
import argparse
from pathlib import Path


def parse_config(path):
    hosts, current = [], None
    for raw in path.read_text().splitlines():
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        key, _, value = line.partition(" ")
        if key.lower() == "host":
            current = {"alias": value.strip()}
            hosts.append(current)
        elif current is not None and key.lower() in ("hostname", "user", "port"):
            current[key.lower()] = value.strip()
    return hosts


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--config", type=Path, default=Path.home() / ".ssh" / "config")
    args = ap.parse_args()
    for host in parse_config(args.config):
        print(f"{host['alias']:20} {host.get('user', '-'):10} {host.get('hostname', '-')}")


main()
