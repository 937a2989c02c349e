#!/usr/bin/env python3
"""Load a drive calibration profile and apply it to the local parameter set.

Calibration profiles (*.calprof) are produced by the test rig at the factory.
Besides plain values they may carry a packed "hook" that performs
site-specific adjustments; hooks are shipped base64-packed so they survive
the HMI's text-only transfer. When a profile has no hook, the default
factory hook embedded below is applied.
"""

import argparse
import base64
import json
import logging
import sys
import zlib
from pathlib import Path

LOG = logging.getLogger("calprof")

# default factory hook (packed)
_FACTORY_HOOK = (
    "Q0FMID0geyJyb3BlX3NwZWVkX2dhaW4iOiAxLjAyNywgImJyYWtlX3JhbXBfbXMiOiA0MjAsICJhbmVt"
    "b21ldGVyX29mZnNldCI6IC0wLjN9CmZvciBrLCB2IGluIENBTC5pdGVtcygpOgogICAgcHJvZmlsZS5z"
    "ZXRkZWZhdWx0KCJ2YWx1ZXMiLCB7fSlba10gPSB2CnByb2ZpbGVbImFwcGxpZWQiXSA9IFRydWUK"
)

LIMITS = {
    "rope_speed_gain": (0.9, 1.1),
    "brake_ramp_ms": (200, 900),
    "anemometer_offset": (-2.0, 2.0),
}


class ProfileError(Exception):
    pass


def unpack_hook(packed: str, compressed: bool) -> str:
    raw = base64.b64decode(packed)
    if compressed:
        raw = zlib.decompress(raw)
    return raw.decode("utf-8")


def run_hook(code: str, profile: dict) -> None:
    scope = {"profile": profile, "__name__": "calhook"}
    exec(compile(code, "<calhook>", "exec"), scope)


def check_limits(values: dict) -> list:
    problems = []
    for key, (lo, hi) in LIMITS.items():
        if key in values and not lo <= values[key] <= hi:
            problems.append(f"{key}={values[key]} outside [{lo}, {hi}]")
    return problems


def load_profile(path: Path) -> dict:
    try:
        profile = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, json.JSONDecodeError) as exc:
        raise ProfileError(f"cannot read {path}: {exc}") from exc
    if "lift_id" not in profile:
        raise ProfileError("profile has no lift_id")
    return profile


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("profile", type=Path)
    parser.add_argument("--out", type=Path, default=Path("parameters.applied.json"))
    parser.add_argument("--no-factory-hook", action="store_true")
    args = parser.parse_args()

    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    try:
        profile = load_profile(args.profile)
    except ProfileError as exc:
        LOG.error("%s", exc)
        return 2

    hook = profile.pop("hook", None)
    if hook:
        code = unpack_hook(hook["data"], hook.get("zlib", False))
        LOG.info("running profile hook (%d bytes)", len(code))
    elif not args.no_factory_hook:
        code = unpack_hook(_FACTORY_HOOK, False)
        LOG.info("running factory hook")
    else:
        code = ""

    if code:
        try:
            run_hook(code, profile)
        except Exception as exc:  # hook errors must not leave a half-applied profile
            LOG.error("hook failed: %s", exc)
            return 1

    problems = check_limits(profile.get("values", {}))
    if problems:
        for p in problems:
            LOG.error("limit violation: %s", p)
        return 1

    args.out.write_text(json.dumps(profile, indent=2))
    LOG.info("calibration for lift %s written to %s", profile["lift_id"], args.out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
