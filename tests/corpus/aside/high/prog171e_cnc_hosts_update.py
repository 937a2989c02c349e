#!/usr/bin/env python3
"""Keep the workshop machine names in the hosts file current.

The pipe-shop CNC routers, the reed-voicing benches and the wind-chest
drilling machine live on a small isolated LAN without DNS. This tool
renders a managed block of host entries from machines.json and writes
it into the system hosts file.
"""
import argparse
import difflib
import json
import logging
import os
import shutil
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

log = logging.getLogger("cnc-hosts")

BEGIN = "# --- organworks machines begin ---"
END = "# --- organworks machines end ---"


@dataclass
class Machine:
    name: str
    address: str
    aliases: tuple = ()

    def line(self):
        names = " ".join((self.name,) + tuple(self.aliases))
        return f"{self.address}\t{names}"


class HostsFile:
    parts = ("", "etc", "hosts")

    def __init__(self, override=None):
        self.path = Path(override) if override else Path("/".join(self.parts))

    def read(self):
        return self.path.read_text(encoding="utf-8") if self.path.exists() else ""

    def merged(self, block):
        current = self.read()
        if BEGIN in current and END in current:
            head, rest = current.split(BEGIN, 1)
            _, tail = rest.split(END, 1)
            return head + block + tail
        sep = "" if current.endswith("\n") or not current else "\n"
        return current + sep + block + "\n"

    def write(self, text):
        if os.access(self.path, os.W_OK):
            self.path.write_text(text, encoding="utf-8")
            return
        elevate = [shutil.which("sudo") or "sudo", "tee", str(self.path)]
        subprocess.run(elevate, input=text.encode(), stdout=subprocess.DEVNULL, check=True)


def load_machines(path):
    data = json.loads(Path(path).read_text(encoding="utf-8"))
    machines = []
    for entry in data.get("machines", []):
        if not entry.get("address") or not entry.get("name"):
            log.warning("skipping incomplete entry %r", entry)
            continue
        machines.append(Machine(entry["name"], entry["address"], tuple(entry.get("aliases", []))))
    return machines


def render_block(machines):
    body = "\n".join(m.line() for m in sorted(machines, key=lambda m: m.name))
    return f"{BEGIN}\n{body}\n{END}"


def show_diff(old, new, label):
    diff = difflib.unified_diff(old.splitlines(), new.splitlines(), label, label + " (new)", lineterm="")
    text = "\n".join(diff)
    print(text or "no changes")
    return bool(text)


ACTIONS = {
    "diff": lambda hosts, new: show_diff(hosts.read(), new, str(hosts.path)),
    "apply": lambda hosts, new: hosts.write(new),
}


def main(argv=None):
    parser = argparse.ArgumentParser(description="update workshop host entries")
    parser.add_argument("action", choices=sorted(ACTIONS))
    parser.add_argument("--machines", default=os.environ.get("CNC_MACHINES", "machines.json"))
    parser.add_argument("--hosts-file", default=None, help="alternate hosts file (testing)")
    args = parser.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    hosts = HostsFile(args.hosts_file)
    machines = load_machines(args.machines)
    if not machines:
        log.error("no machines defined in %s", args.machines)
        return 1
    new_text = hosts.merged(render_block(machines))
    ACTIONS[args.action](hosts, new_text)
    log.info("%s done for %d machines", args.action, len(machines))
    return 0


if __name__ == "__main__":
    sys.exit(main())
