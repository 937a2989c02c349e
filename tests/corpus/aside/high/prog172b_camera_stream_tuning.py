#!/usr/bin/env python3
"""Network buffer tuning for the zip-line helmet-cam ingest server.

The helmet cams push UDP streams at the end of each run; with the
default socket buffers the ingest box drops frames when three lines
land at once. This applies larger buffers now and keeps them across
reboots.
"""
import argparse
import logging
import os
import subprocess
from dataclasses import dataclass
from pathlib import Path

log = logging.getLogger("cam-tuning")

PROC_ROOT = Path("/proc/sys")
DROPIN = Path("/etc/sysctl.d") / "90-helmetcam-ingest.conf"


@dataclass(frozen=True)
class Knob:
    key: str
    value: str

    @property
    def proc_path(self) -> Path:
        return PROC_ROOT.joinpath(*self.key.split("."))

    def line(self) -> str:
        return f"{self.key} = {self.value}"


PRESETS = {
    "normal": [
        Knob("net.core.rmem_max", "8388608"),
        Knob("net.core.rmem_default", "1048576"),
        Knob("net.core.netdev_max_backlog", "5000"),
    ],
    "busy-day": [
        Knob("net.core.rmem_max", "26214400"),
        Knob("net.core.rmem_default", "4194304"),
        Knob("net.core.netdev_max_backlog", "20000"),
        Knob("net.ipv4.udp_mem", "65536 131072 262144"),
    ],
}


def current(knob: Knob) -> str:
    try:
        return knob.proc_path.read_text().strip()
    except OSError:
        return "?"


def apply_direct(knob: Knob) -> None:
    knob.proc_path.write_text(knob.value + "\n")


def apply_via_tool(knob: Knob) -> None:
    subprocess.run(["sudo", "sysctl", "-w", f"{knob.key}={knob.value}"], check=True,
                   stdout=subprocess.DEVNULL)


def write_dropin(knobs) -> None:
    text = "# helmet-cam ingest buffers\n" + "\n".join(k.line() for k in knobs) + "\n"
    if os.geteuid() == 0:
        DROPIN.write_text(text)
        os.chmod(DROPIN, 0o644)
    else:
        subprocess.run(["sudo", "tee", str(DROPIN)], input=text, text=True, check=True,
                       stdout=subprocess.DEVNULL)
    log.info("persisted %d settings to %s", len(knobs), DROPIN)


def main() -> None:
    parser = argparse.ArgumentParser(description="helmet-cam ingest tuning")
    parser.add_argument("--preset", choices=sorted(PRESETS), default="normal")
    parser.add_argument("--show", action="store_true", help="only print current values")
    parser.add_argument("--no-persist", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO)

    knobs = PRESETS[args.preset]
    applier = apply_direct if os.geteuid() == 0 else apply_via_tool
    for knob in knobs:
        before = current(knob)
        if args.show:
            log.info("%s = %s", knob.key, before)
            continue
        if before.split() == knob.value.split():
            log.info("%s already %s", knob.key, knob.value)
            continue
        applier(knob)
        log.info("%s: %s -> %s", knob.key, before, current(knob))
    if not args.show and not args.no_persist:
        write_dropin(knobs)


if __name__ == "__main__":
    main()
