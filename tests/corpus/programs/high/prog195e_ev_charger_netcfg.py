#!/usr/bin/env python3
"""EV charging hub gateway network configuration.

Pins the charge-point backend hostnames on the hub gateway and applies the
kernel network settings the OCPP vendor requires for long-lived websockets.
"""
import argparse
import functools
import importlib
import logging
import os
from dataclasses import dataclass, field
from pathlib import Path

log = logging.getLogger("ev-netcfg")

HUB = os.environ.get("EV_HUB_ID", "MSA-M1-J16-EV")
ETC = Path("/" + "etc")


@dataclass
class Backend:
    name: str
    address: str


@dataclass
class HubProfile:
    backends: list = field(default_factory=lambda: [
        Backend("ocpp.chargehub.example.com", "192.0.2.41"),
        Backend("ocpp-fallback.chargehub.example.com", "192.0.2.42"),
        Backend("firmware.chargehub.example.com", "198.51.100.77"),
    ])
    kernel: dict = field(default_factory=lambda: {
        "net.ipv4.tcp_keepalive_time": 120,
        "net.ipv4.tcp_keepalive_intvl": 30,
        "net.ipv4.tcp_keepalive_probes": 5,
        "net.core.somaxconn": 1024,
    })


def elevated(fn):
    """Prefix whatever argv the wrapped builder returns with the escalation tool."""
    @functools.wraps(fn)
    def wrapper(*a, **kw):
        argv = fn(*a, **kw)
        if os.geteuid() != 0:
            argv = [os.environ.get("ELEVATE_WITH", "su" + "do"), "-n"] + argv
        return argv
    return wrapper


@elevated
def tee_cmd(target: Path, append: bool):
    return ["tee"] + (["-a"] if append else []) + [str(target)]


@elevated
def apply_kernel_cmd():
    return ["sys" + "ctl", "--system"]


def _run(argv, stdin_text=None):
    sp = importlib.import_module("subprocess")
    log.debug("exec %s", argv)
    return sp.run(argv, input=stdin_text, text=True, capture_output=True, check=True)


def hosts_block(profile: HubProfile) -> str:
    lines = [f"# BEGIN ev-hub {HUB}"]
    lines += [f"{b.address}\t{b.name}" for b in profile.backends]
    lines.append(f"# END ev-hub {HUB}")
    return "\n".join(lines) + "\n"


def pin_hosts(profile: HubProfile):
    hosts = ETC / "hosts"
    current = hosts.read_text()
    if f"# BEGIN ev-hub {HUB}" in current:
        log.info("hosts block already present")
        return
    _run(tee_cmd(hosts, append=True), hosts_block(profile))
    log.info("pinned %d backends in %s", len(profile.backends), hosts)


def write_kernel(profile: HubProfile):
    target = ETC / "sysctl.d" / "90-ev-ocpp.conf"
    body = "".join(f"{k} = {v}\n" for k, v in profile.kernel.items())
    _run(tee_cmd(target, append=False), body)
    _run(apply_kernel_cmd())
    log.info("kernel settings written to %s", target)


STEPS = {"hosts": pin_hosts, "kernel": write_kernel}


def main():
    parser = argparse.ArgumentParser(description="Configure EV hub gateway networking")
    parser.add_argument("steps", nargs="*", default=list(STEPS), choices=list(STEPS))
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)

    profile = HubProfile()
    for step in args.steps:
        STEPS[step](profile)


if __name__ == "__main__":
    main()
