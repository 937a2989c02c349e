#!/usr/bin/env python3
"""Start the PLC soft-simulator container for bench testing lift firmware.

The simulator image emulates the station PLC and talks to a real HMI panel
over the USB-serial adapter on the bench laptop, so it needs direct access to
the serial device and to raw CAN. The container is started privileged with
the firmware build mounted read-only.
"""

import argparse
import logging
import shutil
import subprocess
import sys
from pathlib import Path

LOG = logging.getLogger("run_plc_simulator")
IMAGE = "registry.example.com/liftsim/plc-sim:3.8"
CONTAINER = "liftsim-bench"


class SimulatorError(Exception):
    pass


class Simulator:
    def __init__(self, firmware: Path, serial: str, scan_ms: int):
        self.firmware = firmware.resolve()
        self.serial = serial
        self.scan_ms = scan_ms

    def command(self) -> list:
        return [
            "docker", "run", "--rm", "-d",
            "--name", CONTAINER,
            "--privileged",
            "--network", "host",
            "--device", self.serial,
            "-v", f"{self.firmware}:/firmware:ro",
            "-e", f"SCAN_CYCLE_MS={self.scan_ms}",
            IMAGE,
        ]

    def start(self) -> str:
        if not self.firmware.is_file():
            raise SimulatorError(f"firmware image {self.firmware} not found")
        if not Path(self.serial).exists():
            raise SimulatorError(f"serial device {self.serial} not present")
        cmd = self.command()
        LOG.info("starting: %s", " ".join(cmd))
        res = subprocess.run(cmd, capture_output=True, text=True)
        if res.returncode != 0:
            raise SimulatorError(res.stderr.strip() or "docker run failed")
        return res.stdout.strip()

    @staticmethod
    def stop() -> None:
        res = subprocess.run(["docker", "stop", CONTAINER], capture_output=True, text=True)
        if res.returncode == 0:
            LOG.info("simulator stopped")
        else:
            LOG.warning("stop failed: %s", res.stderr.strip())

    @staticmethod
    def logs(lines: int) -> None:
        subprocess.run(["docker", "logs", "--tail", str(lines), CONTAINER])


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = parser.add_subparsers(dest="cmd", required=True)
    p_start = sub.add_parser("start")
    p_start.add_argument("firmware", type=Path)
    p_start.add_argument("--serial", default="/dev/ttyUSB0")
    p_start.add_argument("--scan-ms", type=int, default=20)
    sub.add_parser("stop")
    p_logs = sub.add_parser("logs")
    p_logs.add_argument("-n", type=int, default=50)
    args = parser.parse_args()

    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    if shutil.which("docker") is None:
        LOG.error("docker is not installed on this laptop")
        return 2

    try:
        if args.cmd == "start":
            sim = Simulator(args.firmware, args.serial, args.scan_ms)
            cid = sim.start()
            LOG.info("simulator running as %s (%s)", CONTAINER, cid[:12])
        elif args.cmd == "stop":
            Simulator.stop()
        elif args.cmd == "logs":
            Simulator.logs(args.n)
    except SimulatorError as exc:
        LOG.error("%s", exc)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
