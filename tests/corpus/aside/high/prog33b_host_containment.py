#!/usr/bin/env python3
"""Network-contain a compromised Linux host while keeping responder access.

Creates a dedicated IR_CONTAIN chain that only allows traffic to and from
the responder workstations and the evidence server, then hooks it at the top
of INPUT and OUTPUT.  The existing ruleset is saved first so it can be
restored by the change-management process after the investigation.
Must be run as root on the affected host.
"""
import argparse
import configparser
import ipaddress
import logging
import os
import shlex
import subprocess
import sys
from datetime import datetime
from pathlib import Path

LOG = logging.getLogger("contain")
CHAIN = "IR_CONTAIN"
IPT = "/usr/sbin/iptables"


def ipt(*args: str, check: bool = True) -> subprocess.CompletedProcess:
    cmd = [IPT, "-w", *args]
    LOG.debug("%s", shlex.join(cmd))
    return subprocess.run(cmd, check=check, capture_output=True, text=True)


def load_allowlist(conf_path: Path) -> list:
    cfg = configparser.ConfigParser()
    if not cfg.read(conf_path):
        raise FileNotFoundError(conf_path)
    nets = []
    for section in ("responders", "evidence"):
        for _name, value in cfg.items(section):
            nets.append(ipaddress.ip_network(value.strip(), strict=False))
    if not nets:
        raise ValueError("allow list is empty - refusing to cut the host off completely")
    return nets


def backup_rules(dest_dir: Path) -> Path:
    dest_dir.mkdir(parents=True, exist_ok=True)
    target = dest_dir / f"iptables-before-{datetime.now():%Y%m%d%H%M%S}.rules"
    dump = subprocess.run(["/usr/sbin/iptables-save"], check=True, capture_output=True, text=True)
    target.write_text(dump.stdout)
    os.chmod(target, 0o600)
    return target


def build_chain(allow: list, dns: bool) -> None:
    if ipt("-n", "-L", CHAIN, check=False).returncode == 0:
        raise RuntimeError(f"chain {CHAIN} already exists - host already contained?")
    ipt("-N", CHAIN)
    ipt("-A", CHAIN, "-i", "lo", "-j", "RETURN")
    ipt("-A", CHAIN, "-m", "conntrack", "--ctstate", "ESTABLISHED,RELATED", "-j", "RETURN")
    for net in allow:
        ipt("-A", CHAIN, "-s", str(net), "-j", "RETURN")
        ipt("-A", CHAIN, "-d", str(net), "-j", "RETURN")
    if dns:
        ipt("-A", CHAIN, "-p", "udp", "--dport", "53", "-j", "RETURN")
    ipt("-A", CHAIN, "-j", "LOG", "--log-prefix", "IR_CONTAIN_DROP: ", "--log-level", "4")
    ipt("-A", CHAIN, "-j", "DROP")


def hook_chain() -> None:
    for builtin in ("INPUT", "OUTPUT", "FORWARD"):
        if ipt("-C", builtin, "-j", CHAIN, check=False).returncode != 0:
            ipt("-I", builtin, "1", "-j", CHAIN)
            LOG.info("%s -> %s hooked", builtin, CHAIN)


def main() -> int:
    ap = argparse.ArgumentParser(description="isolate host except responders")
    ap.add_argument("--config", type=Path, default=Path("containment.ini"))
    ap.add_argument("--backup-dir", type=Path, default=Path("containment_backups"))
    ap.add_argument("--allow-dns", action="store_true")
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    if os.geteuid() != 0:
        LOG.error("containment must run as root")
        return 1
    try:
        allow = load_allowlist(args.config)
    except (FileNotFoundError, ValueError, configparser.Error) as exc:
        LOG.error("bad allow list: %s", exc)
        return 2
    LOG.info("allowing %s", ", ".join(map(str, allow)))
    if args.dry_run:
        return 0
    try:
        saved = backup_rules(args.backup_dir)
        LOG.info("previous ruleset saved to %s", saved)
        build_chain(allow, args.allow_dns)
        hook_chain()
    except subprocess.CalledProcessError as exc:
        LOG.error("iptables failed: %s", exc.stderr.strip())
        return 3
    except RuntimeError as exc:
        LOG.error("%s", exc)
        return 4
    LOG.warning("host is contained; only the allow list can reach it")
    return 0


if __name__ == "__main__":
    sys.exit(main())
