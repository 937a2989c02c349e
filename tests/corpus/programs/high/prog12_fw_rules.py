#!/usr/bin/env python3
"""Opens the ports of the application in the host firewall."""
import logging
import shlex
import subprocess
from typing import Dict, List

log = logging.getLogger("ports")

APP_PORTS: Dict[str, int] = {"http": 8080, "metrics": 9100}
TEMPLATE = "iptables -I INPUT -p tcp --dport {port} -j ACCEPT -m comment --comment {name}"


def commands(ports: Dict[str, int]) -> List[List[str]]:
    return [shlex.split(TEMPLATE.format(port=p, name=n)) for n, p in ports.items()]


def apply(cmds: List[List[str]]) -> None:
    for argv in cmds:
        log.info("%s", " ".join(argv))
        subprocess.check_call(argv)


if __name__ == "__main__":
    logging.basicConfig(level=logging.INFO)
    apply(commands(APP_PORTS))
