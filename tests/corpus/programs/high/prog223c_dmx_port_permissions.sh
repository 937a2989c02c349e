#!/usr/bin/env bash
# dmx_port_permissions.sh - make the USB-DMX interfaces usable by the
# lighting operator account before the console software starts.
#
# Reads the interface list from dmx_ports.json (serial number -> universe),
# finds the matching /dev/ttyUSB* devices and hands them to the "lx" group.
#
#   dmx_port_permissions.sh [-c dmx_ports.json] [-g group] [-n]

set -euo pipefail

CONF="dmx_ports.json"
GROUP="lx"
DRY_RUN=0
LOG="./dmx_ports.log"

log() { printf '%s %s\n' "$(date '+%F %T')" "$*" | tee -a "$LOG" >&2; }

while getopts ":c:g:nh" opt; do
    case "$opt" in
        c) CONF="$OPTARG" ;;
        g) GROUP="$OPTARG" ;;
        n) DRY_RUN=1 ;;
        *) sed -n '2,8p' "$0"; exit 0 ;;
    esac
done

[[ -f "$CONF" ]] || { log "missing $CONF"; exit 1; }

# Turn the JSON into "serial universe" lines with python.
mapfile -t WANTED < <(DMX_CONF="$CONF" python3 - <<'PY'
import json, os, sys
with open(os.environ["DMX_CONF"]) as fh:
    conf = json.load(fh)
for entry in conf.get("interfaces", []):
    serial = str(entry.get("serial", "")).strip()
    if serial:
        print(serial, int(entry.get("universe", 0)))
PY
)
log "${#WANTED[@]} interface(s) configured"

serial_of() {
    local dev="$1"
    udevadm info --query=property --name="$dev" 2>/dev/null |
        awk -F= '$1=="ID_SERIAL_SHORT"{print $2}'
}

run() {
    if [[ $DRY_RUN -eq 1 ]]; then
        log "dry run: $*"
    else
        "$@"
    fi
}

fixed=0
missing=0
for line in "${WANTED[@]}"; do
    read -r serial universe <<<"$line"
    found=""
    for dev in /dev/ttyUSB* /dev/ttyACM*; do
        [[ -e "$dev" ]] || continue
        if [[ "$(serial_of "$dev")" == "$serial" ]]; then
            found="$dev"
            break
        fi
    done
    if [[ -z "$found" ]]; then
        log "universe $universe: interface $serial not plugged in"
        missing=$((missing + 1))
        continue
    fi
    log "universe $universe: $serial is $found"
    run sudo chown "root:$GROUP" "$found"
    run sudo chmod 0660 "$found"
    fixed=$((fixed + 1))
done

# Warn if the operator is not in the group; IT has to add them.
if ! id -nG "${SUDO_USER:-$USER}" | tr ' ' '\n' | grep -qx "$GROUP"; then
    log "warning: ${SUDO_USER:-$USER} is not in $GROUP; ask IT to add them"
fi

log "done: $fixed fixed, $missing missing"
[[ $missing -eq 0 ]]
