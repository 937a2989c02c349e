#!/usr/bin/env python3
"""Restrict an exam-room workstation to the exam platform for one sitting.

    exam_network_fence.py up   [--minutes 180]
    exam_network_fence.py down
    exam_network_fence.py show

Outbound traffic is limited to the hosts listed in exam_fence.json (exam
platform, proctoring video relay, campus DNS).  The rules live in their own
EXAM_FENCE chain so lifting the fence leaves the rest of the host firewall
untouched.  With --minutes the fence lifts itself after the sitting.
"""
import argparse
import json
import logging
import os
import socket
import subprocess
import sys
import threading
from pathlib import Path

log = logging.getLogger("exam_fence")

CHAIN = "EXAM_FENCE"
CONFIG = Path(os.environ.get("EXAM_FENCE_CONFIG", "exam_fence.json"))
DEFAULT_CONFIG = {
    "allow_hosts": ["exams.university.example.edu", "relay.proctoring.example.com"],
    "allow_ports": [443],
    "dns_servers": ["10.20.0.53", "10.20.0.54"],
}


def ensure_root():
    if os.geteuid() != 0:
        log.info("re-running with elevated privileges")
        os.execvp("sudo", ["sudo", "--preserve-env=EXAM_FENCE_CONFIG",
                           sys.executable, os.path.abspath(__file__), *sys.argv[1:]])


def load_config():
    cfg = dict(DEFAULT_CONFIG)
    if CONFIG.exists():
        cfg.update(json.loads(CONFIG.read_text()))
    return cfg


def resolve(hosts):
    addrs = set()
    for host in hosts:
        try:
            for info in socket.getaddrinfo(host, None, socket.AF_INET, socket.SOCK_STREAM):
                addrs.add(info[4][0])
        except socket.gaierror as exc:
            log.warning("cannot resolve %s: %s", host, exc)
    return sorted(addrs)


def build_ruleset(cfg):
    lines = ["*filter", f":{CHAIN} - [0:0]",
             f"-A {CHAIN} -o lo -j RETURN",
             f"-A {CHAIN} -m conntrack --ctstate ESTABLISHED,RELATED -j RETURN"]
    for dns in cfg["dns_servers"]:
        lines.append(f"-A {CHAIN} -d {dns}/32 -p udp --dport 53 -j RETURN")
    for addr in resolve(cfg["allow_hosts"]):
        for port in cfg["allow_ports"]:
            lines.append(f"-A {CHAIN} -d {addr}/32 -p tcp --dport {port} -j RETURN")
    lines += [f"-A {CHAIN} -j LOG --log-prefix \"exam-fence: \" --log-level 4",
              f"-A {CHAIN} -j REJECT --reject-with icmp-admin-prohibited",
              f"-I OUTPUT 1 -j {CHAIN}", "COMMIT", ""]
    return "\n".join(lines)


def iptables(*args, check=True):
    return subprocess.run(["iptables", "-w", *args], capture_output=True, text=True,
                          check=check)


def fence_active():
    return iptables("-C", "OUTPUT", "-j", CHAIN, check=False).returncode == 0


def fence_up(cfg):
    if fence_active():
        log.info("fence already up; refreshing")
        fence_down()
    ruleset = build_ruleset(cfg)
    Path("exam_fence.last.rules").write_text(ruleset)
    subprocess.run(["iptables-restore", "--noflush", "-w"], input=ruleset,
                   text=True, check=True)
    log.info("fence up: %d allow rules", ruleset.count("-j RETURN"))


def fence_down():
    while iptables("-D", "OUTPUT", "-j", CHAIN, check=False).returncode == 0:
        pass
    iptables("-F", CHAIN, check=False)
    iptables("-X", CHAIN, check=False)
    log.info("fence down")


def show():
    res = iptables("-S", CHAIN, check=False)
    print(res.stdout if res.returncode == 0 else "fence not active")


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("action", choices=["up", "down", "show"])
    ap.add_argument("--minutes", type=int, default=0,
                    help="lift the fence automatically after this many minutes")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    ensure_root()
    try:
        if args.action == "show":
            show()
        elif args.action == "down":
            fence_down()
        else:
            fence_up(load_config())
            if args.minutes:
                timer = threading.Timer(args.minutes * 60, fence_down)
                log.info("fence will lift in %d minutes", args.minutes)
                timer.start()
                timer.join()
    except subprocess.CalledProcessError as exc:
        log.error("%s failed: %s", exc.cmd[0], (exc.stderr or "").strip())
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
