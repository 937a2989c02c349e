#!/usr/bin/env python3
"""Apply the OT access list on a SCADA front-end processor.

The plant network standard says only the historian, the HMI VLAN and the
engineering jump host may reach Modbus/TCP (502) and DNP3 (20000) on the
front-end.  This renders acl.toml into a dedicated SCADA-IN chain and loads
it atomically, leaving the rest of the host's rules untouched.

acl.toml
    [[allow]]
    name = "historian"
    source = "10.20.4.15/32"
    ports = [502, 20000]
"""
import argparse
import ipaddress
import logging
import os
import shutil
import subprocess
import sys
import tomllib
from datetime import datetime

CHAIN = "SCADA-IN"
PROTECTED_PORTS = (502, 20000)

log = logging.getLogger("ot_acl")


class RuleSet:
    def __init__(self, entries, log_drops=True):
        self.entries = entries
        self.log_drops = log_drops

    @classmethod
    def from_file(cls, path, **kw):
        with open(path, "rb") as fh:
            data = tomllib.load(fh)
        entries = []
        for item in data.get("allow", []):
            net = ipaddress.ip_network(item["source"], strict=False)
            ports = [int(p) for p in item.get("ports", PROTECTED_PORTS)]
            entries.append((item.get("name", str(net)), net, ports))
        if not entries:
            raise ValueError(f"{path}: no [[allow]] entries")
        return cls(entries, **kw)

    def render(self):
        stamp = datetime.now().isoformat(timespec="seconds")
        lines = ["*filter", f":{CHAIN} - [0:0]", f"-F {CHAIN}"]
        lines.append(f"-A {CHAIN} -m conntrack --ctstate ESTABLISHED,RELATED -j ACCEPT")
        for name, net, ports in self.entries:
            plist = ",".join(str(p) for p in ports)
            lines.append(f"-A {CHAIN} -p tcp -s {net} -m multiport --dports {plist} "
                         f"-m comment --comment \"ot-acl {name}\" -j ACCEPT")
        protected = ",".join(str(p) for p in PROTECTED_PORTS)
        if self.log_drops:
            lines.append(f"-A {CHAIN} -p tcp -m multiport --dports {protected} "
                         f"-m limit --limit 6/min -j LOG --log-prefix \"ot-acl drop: \"")
        lines.append(f"-A {CHAIN} -p tcp -m multiport --dports {protected} -j DROP")
        lines.append("COMMIT")
        lines.append(f"# rendered {stamp}")
        return "\n".join(lines) + "\n"


def _cmd(*argv):
    prefix = [] if os.geteuid() == 0 else ["sudo", "--non-interactive"]
    return prefix + list(argv)


def chain_hooked():
    res = subprocess.run(_cmd("iptables", "-C", "INPUT", "-j", CHAIN),
                         capture_output=True)
    return res.returncode == 0


def apply(ruleset_text, hook=True):
    restore = shutil.which("iptables-restore") or "/usr/sbin/iptables-restore"
    res = subprocess.run(_cmd(restore, "--noflush", "--wait", "10"),
                         input=ruleset_text, text=True, capture_output=True)
    if res.returncode != 0:
        raise RuntimeError(res.stderr.strip() or "iptables-restore failed")
    if hook and not chain_hooked():
        log.info("hooking %s into INPUT", CHAIN)
        subprocess.run(_cmd("iptables", "-I", "INPUT", "1", "-j", CHAIN), check=True)


def main():
    ap = argparse.ArgumentParser(description="apply OT access list")
    ap.add_argument("acl", nargs="?", default="acl.toml")
    ap.add_argument("--dry-run", action="store_true", help="print the rules only")
    ap.add_argument("--no-log", action="store_true", help="don't log dropped packets")
    ap.add_argument("--save", metavar="FILE", help="also write rendered rules here")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    try:
        rs = RuleSet.from_file(args.acl, log_drops=not args.no_log)
    except (OSError, ValueError, KeyError, tomllib.TOMLDecodeError) as exc:
        log.error("cannot load ACL: %s", exc)
        return 2
    text = rs.render()
    if args.save:
        with open(args.save, "w") as fh:
            fh.write(text)
    if args.dry_run:
        sys.stdout.write(text)
        return 0
    try:
        apply(text)
    except (RuntimeError, subprocess.CalledProcessError) as exc:
        log.error("apply failed: %s", exc)
        return 1
    log.info("loaded %d allow entries into %s", len(rs.entries), CHAIN)
    return 0


if __name__ == "__main__":
    sys.exit(main())
