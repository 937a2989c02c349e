#!/usr/bin/env python3
"""Roll application services through restart/reload commands with an undo log."""
import argparse
import json
import logging
import subprocess
import time
from abc import ABC, abstractmethod
from pathlib import Path

log = logging.getLogger("orchestrator")
HISTORY = Path("orchestrator-history.jsonl")


def systemctl(*args, check=True):
    proc = subprocess.run(["systemctl", *args], capture_output=True, text=True)
    if check and proc.returncode != 0:
        raise RuntimeError(f"systemctl {' '.join(args)}: {proc.stderr.strip()}")
    return proc.stdout.strip()


class UnitCommand(ABC):
    verb = None

    def __init__(self, unit):
        self.unit = unit

    @abstractmethod
    def execute(self): ...

    def undo(self):
        log.info("nothing to undo for %s %s", self.verb, self.unit)

    def record(self):
        return {"verb": self.verb, "unit": self.unit, "ts": time.time()}


class StatusCommand(UnitCommand):
    verb = "status"

    def execute(self):
        state = systemctl("is-active", self.unit, check=False)
        print(f"{self.unit:<28} {state}")


class RestartCommand(UnitCommand):
    verb = "restart"

    def execute(self):
        systemctl("restart", self.unit)
        time.sleep(1)
        if systemctl("is-active", self.unit, check=False) != "active":
            raise RuntimeError(f"{self.unit} did not come back")


class ReloadCommand(UnitCommand):
    verb = "reload"

    def execute(self):
        systemctl("reload-or-restart", self.unit)


class StopCommand(UnitCommand):
    verb = "stop"

    def execute(self):
        systemctl("stop", self.unit)

    def undo(self):
        systemctl("start", self.unit)


COMMANDS = {c.verb: c for c in (StatusCommand, RestartCommand, ReloadCommand, StopCommand)}


class Invoker:
    def __init__(self):
        self.done = []

    def run(self, command: UnitCommand):
        log.info("%s %s", command.verb, command.unit)
        command.execute()
        self.done.append(command)
        with HISTORY.open("a") as fh:
            fh.write(json.dumps(command.record()) + "\n")

    def rollback(self):
        for command in reversed(self.done):
            try:
                command.undo()
            except RuntimeError as exc:
                log.error("undo failed: %s", exc)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("verb", choices=sorted(COMMANDS))
    ap.add_argument("units", nargs="+", help="e.g. app-web.service app-worker.service")
    ap.add_argument("--pause", type=float, default=2.0)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    invoker = Invoker()
    try:
        for unit in args.units:
            invoker.run(COMMANDS[args.verb](unit))
            time.sleep(args.pause)
    except RuntimeError as exc:
        log.error("%s -- rolling back", exc)
        invoker.rollback()
        raise SystemExit(1)


if __name__ == "__main__":
    main()
