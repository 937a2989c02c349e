#!/usr/bin/env python3
"""Point exhibit kiosks at the on-site content mirror by managing /etc/hosts.

Exhibit apps have the vendor's CDN hostnames baked in. On event days the
guest Wi-Fi saturates the uplink, so we serve the same assets from the
content mirror in the server room and pin the CDN names to it locally.

The mirror publishes its host map at /kiosk/hostmap.json; this fetches it,
renders a managed block and swaps it into /etc/hosts, leaving everything
outside the markers alone. Run with --remove to take the block out again.
"""
import argparse
import ipaddress
import json
import logging
import os
import sys
import tempfile
import urllib.request

log = logging.getLogger("hosts_provisioner")

HOSTS = "/etc/hosts"
BEGIN = "# >>> exhibit-content-mirror >>>"
END = "# <<< exhibit-content-mirror <<<"
DEFAULT_MIRROR = "http://content-mirror.exhibits.lan"


def fetch_hostmap(mirror, timeout=10):
    with urllib.request.urlopen(f"{mirror}/kiosk/hostmap.json", timeout=timeout) as resp:
        data = json.load(resp)
    entries = []
    for item in data.get("hosts", []):
        ip = str(ipaddress.ip_address(item["address"]))
        names = [n for n in item.get("names", []) if n and " " not in n]
        if names:
            entries.append((ip, names))
    return entries


def render_block(entries):
    lines = [BEGIN]
    lines += [f"{ip}\t{' '.join(names)}" for ip, names in entries]
    lines.append(END)
    return "\n".join(lines) + "\n"


def strip_block(text):
    out, inside = [], False
    for line in text.splitlines(keepends=True):
        if line.strip() == BEGIN:
            inside = True
            continue
        if line.strip() == END:
            inside = False
            continue
        if not inside:
            out.append(line)
    return "".join(out)


def swap_in(new_text, path=HOSTS):
    directory = os.path.dirname(path)
    st = os.stat(path)
    fd, tmp = tempfile.mkstemp(prefix=".hosts.", dir=directory)
    try:
        with os.fdopen(fd, "w") as fh:
            fh.write(new_text)
        os.chown(tmp, st.st_uid, st.st_gid)
        os.chmod(tmp, 0o644)
        os.replace(tmp, path)
    except BaseException:
        if os.path.exists(tmp):
            os.unlink(tmp)
        raise


def elevate_if_needed(argv):
    if os.geteuid() == 0:
        return
    log.info("re-running with elevated rights to edit %s", HOSTS)
    os.execvp("sudo", ["sudo", "-n", sys.executable, os.path.abspath(__file__), *argv])


def main(argv=None):
    argv = sys.argv[1:] if argv is None else argv
    ap = argparse.ArgumentParser(description="Exhibit kiosk hosts provisioner")
    ap.add_argument("--mirror", default=os.environ.get("CONTENT_MIRROR", DEFAULT_MIRROR))
    ap.add_argument("--remove", action="store_true", help="remove the managed block")
    ap.add_argument("--print", dest="show", action="store_true", help="print block only")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    block = ""
    if not args.remove:
        try:
            entries = fetch_hostmap(args.mirror)
        except (OSError, ValueError, KeyError) as exc:
            log.error("could not load host map from %s: %s", args.mirror, exc)
            return 1
        block = render_block(entries)
        if args.show:
            sys.stdout.write(block)
            return 0

    elevate_if_needed(argv)
    with open(HOSTS, encoding="utf-8") as fh:
        current = fh.read()
    updated = strip_block(current).rstrip("\n") + "\n" + (("\n" + block) if block else "")
    if updated == current:
        log.info("%s already up to date", HOSTS)
        return 0
    swap_in(updated)
    log.info("%s %s", "removed mirror block from" if args.remove else "updated", HOSTS)
    return 0


if __name__ == "__main__":
    sys.exit(main())
