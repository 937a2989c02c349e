#!/usr/bin/env python3
"""Manage local development host names in the system hosts file.

Internationalised names (e.g. "bücher.test") are converted to their IDNA
(punycode) form before they are written, because the resolver only accepts
ASCII.  Entries added by this tool are tagged with a marker comment so they
can be listed and removed again.  Writing the hosts file needs root, so the
write goes through the privilege helper named in TOOLS.
"""
import os
import subprocess
import sys

MARKER = "# devhosts"
HOSTS_PATH = os.path.join(os.sep, "etc", "hosts")

TOOLS = {
    "elevate": ["sudo"],
    "write": ["tee"],
    "append": ["tee", "-a"],
}


def privileged(kind, *extra):
    return TOOLS["elevate"] + TOOLS[kind] + list(extra)


def to_ascii(name):
    labels = name.strip().rstrip(".").split(".")
    return ".".join(label.encode("idna").decode("ascii") for label in labels)


def to_unicode(name):
    return ".".join(label.encode("ascii").decode("idna") for label in name.split("."))


def read_hosts():
    with open(HOSTS_PATH, encoding="utf-8") as fh:
        return fh.read().splitlines()


def own_entries(lines):
    return [line for line in lines if line.rstrip().endswith(MARKER)]


class HostsCli:
    def cmd_list(self):
        for line in own_entries(read_hosts()):
            ip, name = line.split()[:2]
            print(f"{ip:<16} {name:<32} ({to_unicode(name)})")

    def cmd_add(self, name, ip="127.0.0.1"):
        ascii_name = to_ascii(name)
        lines = read_hosts()
        for line in own_entries(lines):
            if line.split()[1] == ascii_name:
                print(f"{ascii_name} already present")
                return
        entry = f"{ip}\t{ascii_name}\t{MARKER}\n"
        subprocess.run(privileged("append", HOSTS_PATH), input=entry.encode(),
                       stdout=subprocess.DEVNULL, check=True)
        print(f"added {ascii_name} -> {ip}")

    def cmd_remove(self, name):
        ascii_name = to_ascii(name)
        lines = read_hosts()
        kept = [line for line in lines
                if not (line.rstrip().endswith(MARKER) and line.split()[1] == ascii_name)]
        if len(kept) == len(lines):
            print(f"{ascii_name} not managed by this tool")
            return
        content = "\n".join(kept) + "\n"
        subprocess.run(privileged("write", HOSTS_PATH), input=content.encode(),
                       stdout=subprocess.DEVNULL, check=True)
        print(f"removed {ascii_name}")

    def cmd_clear(self):
        lines = read_hosts()
        kept = [line for line in lines if not line.rstrip().endswith(MARKER)]
        removed = len(lines) - len(kept)
        if removed:
            content = "\n".join(kept) + "\n"
            subprocess.run(privileged("write", HOSTS_PATH), input=content.encode(),
                           stdout=subprocess.DEVNULL, check=True)
        print(f"removed {removed} entries")

    def run(self, argv):
        if not argv:
            cmds = sorted(n[4:] for n in dir(self) if n.startswith("cmd_"))
            print("usage: dev_hosts_manager.py {" + "|".join(cmds) + "} [args]")
            return 2
        handler = getattr(self, "cmd_" + argv[0], None)
        if handler is None:
            print(f"unknown command: {argv[0]}", file=sys.stderr)
            return 2
        handler(*argv[1:])
        return 0


if __name__ == "__main__":
    sys.exit(HostsCli().run(sys.argv[1:]))
