#!/usr/bin/env bash
# serial_port_perms.sh - make the USB serial ports of the printers and the
# laser cutter usable by the shared "maker" account on the print PC.
#
# Reads the port list from ports.conf (or autodetects), then opens up the
# device node modes so LightBurn / Pronterface work without logging out.
# Must be run as root (it is in the opening checklist).
set -uo pipefail

CONF="${PORTS_CONF:-./ports.conf}"
OWNER_GROUP="${MAKER_GROUP:-maker}"
MODE="0666"
VERBOSE=0

log()  { echo "[ports] $*"; }
vlog() { [ "$VERBOSE" -eq 1 ] && echo "[ports:debug] $*"; return 0; }

while [ $# -gt 0 ]; do
    case "$1" in
        -v) VERBOSE=1 ;;
        -m) shift; MODE="$1" ;;
        -g) shift; OWNER_GROUP="$1" ;;
        *) echo "usage: $0 [-v] [-m mode] [-g group]"; exit 1 ;;
    esac
    shift
done

if [ "$(id -u)" -ne 0 ]; then
    log "needs root: run it from the opening checklist shell"
    exit 1
fi

# port list: config file if present, otherwise ask python to autodetect
if [ -f "$CONF" ]; then
    PORTS="$(grep -v '^\s*#' "$CONF" | awk 'NF {print $1}')"
    vlog "ports from $CONF"
else
    PORTS="$(python3 -c '
import glob, os
found = []
for pat in ("/dev/ttyUSB*", "/dev/ttyACM*"):
    found.extend(sorted(glob.glob(pat)))
for link in glob.glob("/dev/serial/by-id/*"):
    found.append(os.path.realpath(link))
print("\n".join(dict.fromkeys(found)))
')"
    vlog "ports autodetected"
fi

if [ -z "$PORTS" ]; then
    log "no serial ports found - is anything plugged in?"
    exit 0
fi

if ! getent group "$OWNER_GROUP" >/dev/null; then
    log "group $OWNER_GROUP does not exist, using dialout"
    OWNER_GROUP="dialout"
fi

changed=0
while read -r port; do
    [ -c "$port" ] || { vlog "skip $port (not a char device)"; continue; }
    before="$(stat -c '%a %G' "$port")"
    chgrp "$OWNER_GROUP" "$port"
    chmod "$MODE" "$port"
    after="$(stat -c '%a %G' "$port")"
    log "$port: $before -> $after"
    changed=$((changed + 1))
done <<< "$PORTS"

log "$changed ports updated"

# quick sanity check that the maker account can open one
FIRST="$(printf '%s\n' "$PORTS" | head -n1)"
if id maker >/dev/null 2>&1 && [ -c "$FIRST" ]; then
    if runuser -u maker -- test -r "$FIRST" -a -w "$FIRST"; then
        log "maker can open $FIRST"
    else
        log "maker still cannot open $FIRST"
    fi
fi
