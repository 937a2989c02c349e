#!/usr/bin/env python3
"""Pin the internal SMTP relays in the hosts file of the mail-automation box.

The automation host sits outside the split-horizon DNS view, so the relay
names used by our notification mailers don't resolve there. This keeps a
managed block in the hosts file in sync with relays.toml, after checking that
each relay actually answers with an SMTP banner.

    ./mail_relay_hosts.py            # check relays and update the block
    ./mail_relay_hosts.py --dry-run  # show the block that would be written
"""
import argparse
import logging
import os
import socket
import sys
import tempfile

try:
    import tomllib
except ModuleNotFoundError:  # Python < 3.11
    import tomli as tomllib

BEGIN = "# BEGIN mail-relays (managed by mail_relay_hosts.py)"
END = "# END mail-relays"
log = logging.getLogger("relay-hosts")


class HostsFile:
    path = "/etc/hosts"

    def __init__(self, path=None):
        self.path = path or self.path

    def read(self):
        with open(self.path, encoding="utf-8") as fh:
            return fh.read().splitlines()

    def merged(self, block):
        lines = self.read()
        if BEGIN in lines and END in lines:
            start, stop = lines.index(BEGIN), lines.index(END)
            lines = lines[:start] + lines[stop + 1:]
        while lines and not lines[-1].strip():
            lines.pop()
        return "\n".join(lines + ["", BEGIN] + block + [END]) + "\n"

    def write(self, content):
        directory = os.path.dirname(self.path)
        st = os.stat(self.path)
        fd, tmp = tempfile.mkstemp(dir=directory, prefix=".hosts.")
        try:
            with os.fdopen(fd, "w", encoding="utf-8") as fh:
                fh.write(content)
            os.chmod(tmp, st.st_mode & 0o777)
            os.chown(tmp, st.st_uid, st.st_gid)
            os.replace(tmp, self.path)
        except BaseException:
            if os.path.exists(tmp):
                os.unlink(tmp)
            raise


def smtp_banner(ip, port=25, timeout=5.0):
    with socket.create_connection((ip, port), timeout=timeout) as sock:
        banner = sock.recv(512).decode("ascii", "replace").strip()
        sock.sendall(b"QUIT\r\n")
    return banner


def build_block(relays, check=True):
    block = []
    for relay in relays:
        name, ip = relay["name"], relay["address"]
        aliases = " ".join(relay.get("aliases", []))
        if check:
            try:
                banner = smtp_banner(ip, relay.get("port", 25))
            except OSError as exc:
                log.warning("%s (%s) not answering: %s - skipped", name, ip, exc)
                continue
            if not banner.startswith("220"):
                log.warning("%s (%s) unexpected banner %r - skipped", name, ip, banner[:60])
                continue
            log.info("%s ok: %s", name, banner[:60])
        block.append(f"{ip}\t{name} {aliases}".rstrip())
    return block


def main():
    ap = argparse.ArgumentParser(description="sync relay entries into the hosts file")
    ap.add_argument("--config", default="relays.toml")
    ap.add_argument("--hosts", default=HostsFile.path)
    ap.add_argument("--no-check", action="store_true")
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    with open(args.config, "rb") as fh:
        relays = tomllib.load(fh).get("relay", [])
    if not relays:
        log.error("no [[relay]] entries in %s", args.config)
        return 1

    block = build_block(relays, check=not args.no_check)
    if not block:
        log.error("no relay passed the check; leaving %s untouched", args.hosts)
        return 1

    hosts = HostsFile(args.hosts)
    content = hosts.merged(block)
    if args.dry_run:
        sys.stdout.write(content)
        return 0
    try:
        hosts.write(content)
    except PermissionError:
        log.info("re-running with sudo to update %s", hosts.path)
        os.execvp("sudo", ["sudo", sys.executable, os.path.abspath(__file__), *sys.argv[1:],
                           "--no-check"])
    log.info("%s updated with %d relay entries", hosts.path, len(block))
    return 0


if __name__ == "__main__":
    sys.exit(main())
