#!/usr/bin/env python3
"""Run a power-up sequence on networked bench supplies over their SCPI port.

The sequence file is YAML: a list of supplies (host, port, channel) and a
list of steps (set voltage/current, enable output, wait, measure). Older
Rigol/Siglent units only expose a raw SCPI console on TCP 5024, so we talk to
them with telnetlib.
"""
import argparse
import csv
import logging
import sys
import telnetlib
import time

import yaml

log = logging.getLogger("psu-seq")
PROMPT = b"\n"


class ScpiSupply:
    def __init__(self, name, host, port=5024, timeout=5.0):
        self.name = name
        self.conn = telnetlib.Telnet(host, port, timeout)
        self.timeout = timeout
        self.conn.read_until(b">", timeout)  # banner

    def write(self, cmd: str) -> None:
        log.debug("%s <- %s", self.name, cmd)
        self.conn.write(cmd.encode("ascii") + b"\n")

    def query(self, cmd: str) -> str:
        self.write(cmd)
        reply = self.conn.read_until(PROMPT, self.timeout).decode("ascii", "replace").strip()
        log.debug("%s -> %s", self.name, reply)
        return reply

    def close(self) -> None:
        try:
            self.write("OUTP:GEN OFF")
        finally:
            self.conn.close()


def load_sequence(path):
    with open(path) as fh:
        # sequences use custom tags (!volts, !ramp) defined by the lab tooling
        return yaml.load(fh, Loader=yaml.Loader)


def run_step(supplies, step, writer):
    psu = supplies[step["supply"]]
    ch = step.get("channel", 1)
    action = step["action"]
    if action == "set":
        psu.write(f"INST:NSEL {ch}")
        psu.write(f"VOLT {step['volts']:.3f}")
        psu.write(f"CURR {step.get('amps', 0.5):.3f}")
    elif action == "on":
        psu.write(f"OUTP CH{ch},ON")
    elif action == "off":
        psu.write(f"OUTP CH{ch},OFF")
    elif action == "wait":
        time.sleep(float(step["seconds"]))
    elif action == "measure":
        volts = psu.query(f"MEAS:VOLT? CH{ch}")
        amps = psu.query(f"MEAS:CURR? CH{ch}")
        writer.writerow([time.time(), step["supply"], ch, volts, amps])
        limit = step.get("max_amps")
        if limit is not None and float(amps or 0) > limit:
            raise RuntimeError(f"{step['supply']} CH{ch} drew {amps} A > {limit} A")
    else:
        raise ValueError(f"unknown action {action!r}")


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("sequence")
    ap.add_argument("--log-csv", default="psu_measurements.csv")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)

    seq = load_sequence(args.sequence)
    supplies = {}
    try:
        for name, cfg in seq["supplies"].items():
            supplies[name] = ScpiSupply(name, cfg["host"], cfg.get("port", 5024))
            log.info("%s: %s", name, supplies[name].query("*IDN?"))
        with open(args.log_csv, "a", newline="") as fh:
            writer = csv.writer(fh)
            for i, step in enumerate(seq["steps"], 1):
                log.info("step %d: %s", i, step.get("action"))
                run_step(supplies, step, writer)
    except (OSError, RuntimeError, ValueError, KeyError) as exc:
        log.error("sequence aborted: %s", exc)
        return 1
    finally:
        for psu in supplies.values():
            psu.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
