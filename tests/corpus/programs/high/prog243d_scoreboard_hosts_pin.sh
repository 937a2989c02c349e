#!/usr/bin/env bash
# Pin the scoreboard and booking hostnames in /etc/hosts on the display PCs,
# so the lobby boards keep working when the venue's DNS is flaky.
# Entries come from ./scoreboard-hosts.conf ("address name [alias...]").
set -euo pipefail

CONF="${CONF:-./scoreboard-hosts.conf}"
HOSTS_FILE="/etc/hosts"
BACKUP="/etc/hosts.arena-bak"
MODE="apply"
BEGIN_MARK="# BEGIN arena-scoreboard"
END_MARK="# END arena-scoreboard"

log() { echo "[hosts-pin] $*" >&2; }

usage() { echo "usage: $0 [--conf FILE] [--remove] [--show]"; }

while [[ $# -gt 0 ]]; do
    case "$1" in
        --conf) CONF="$2"; shift 2 ;;
        --remove) MODE="remove"; shift ;;
        --show) MODE="show"; shift ;;
        -h|--help) usage; exit 0 ;;
        *) usage; exit 2 ;;
    esac
done

SUDO=""
[[ "$EUID" -eq 0 ]] || SUDO="sudo"

if [[ "$MODE" == "show" ]]; then
    sed -n "/^$BEGIN_MARK\$/,/^$END_MARK\$/p" "$HOSTS_FILE"
    exit 0
fi

if [[ "$MODE" == "apply" && ! -r "$CONF" ]]; then
    log "no config at $CONF"
    exit 1
fi

render() {
    HOSTS_CURRENT="$HOSTS_FILE" PIN_CONF="$CONF" PIN_MODE="$MODE" \
    PIN_BEGIN="$BEGIN_MARK" PIN_END="$END_MARK" python3 - <<'PY'
import ipaddress
import os
import re
import sys

begin, end = os.environ["PIN_BEGIN"], os.environ["PIN_END"]
with open(os.environ["HOSTS_CURRENT"]) as fh:
    text = fh.read()
text = re.sub(rf"\n?{re.escape(begin)}\n.*?{re.escape(end)}\n?", "\n", text, flags=re.S)
out = text.rstrip("\n") + "\n"
if os.environ["PIN_MODE"] == "apply":
    entries = []
    with open(os.environ["PIN_CONF"]) as fh:
        for n, line in enumerate(fh, 1):
            line = line.split("#", 1)[0].strip()
            if not line:
                continue
            addr, *names = line.split()
            try:
                ipaddress.ip_address(addr)
            except ValueError:
                sys.exit(f"line {n}: bad address {addr}")
            if not names:
                sys.exit(f"line {n}: no hostname for {addr}")
            entries.append(f"{addr}\t{' '.join(names)}")
    out += "\n".join([begin, *entries, end]) + "\n"
sys.stdout.write(out)
PY
}

STAGED="$(mktemp)"
trap 'rm -f "$STAGED"' EXIT

if ! render > "$STAGED"; then
    log "could not render new hosts file"
    exit 1
fi

if cmp -s "$STAGED" "$HOSTS_FILE"; then
    log "$HOSTS_FILE already up to date"
    exit 0
fi

diff -u "$HOSTS_FILE" "$STAGED" >&2 || true
$SUDO cp -p "$HOSTS_FILE" "$BACKUP"
$SUDO install -m 0644 -o root -g root "$STAGED" "$HOSTS_FILE"
log "$HOSTS_FILE updated ($MODE); previous copy in $BACKUP"
getent hosts scoreboard.example.net >&2 || log "scoreboard.example.net not pinned"
