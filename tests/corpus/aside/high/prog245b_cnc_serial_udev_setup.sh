#!/usr/bin/env bash
# cnc_serial_udev_setup.sh - give the router's USB-serial pendant a stable name
#
# The jog pendant and the spindle VFD both show up as /dev/ttyUSB*, and the
# numbering changes on every boot.  This writes a udev rule that creates
# /dev/harp-pendant and /dev/harp-vfd symlinks, lets the dialout group use
# them, and adds the current operator to that group.
set -euo pipefail

RULES_FILE="/etc/udev/rules.d/99-harp-cnc.rules"
PENDANT_VID="${PENDANT_VID:-1a86}"
PENDANT_PID="${PENDANT_PID:-7523}"
VFD_VID="${VFD_VID:-0403}"
VFD_PID="${VFD_PID:-6001}"
OPERATOR="${OPERATOR:-$USER}"
LOG="./udev_setup.log"

log() { echo "$(date '+%F %T') $*" | tee -a "$LOG"; }
die() { log "ERROR: $*"; exit 1; }

usage() {
    cat <<EOF
usage: $0 [--list] [--dry-run] [--operator NAME]
  --list       show attached USB serial adapters and exit
  --dry-run    print the rule instead of installing it
EOF
}

DRY_RUN=0
LIST_ONLY=0
while [[ $# -gt 0 ]]; do
    case "$1" in
        --list) LIST_ONLY=1; shift ;;
        --dry-run) DRY_RUN=1; shift ;;
        --operator) OPERATOR="$2"; shift 2 ;;
        -h|--help) usage; exit 0 ;;
        *) usage; exit 1 ;;
    esac
done

list_adapters() {
    local dev
    for dev in /dev/ttyUSB* /dev/ttyACM*; do
        [[ -e "$dev" ]] || continue
        local vid pid
        vid=$(udevadm info -q property -n "$dev" | sed -n 's/^ID_VENDOR_ID=//p')
        pid=$(udevadm info -q property -n "$dev" | sed -n 's/^ID_MODEL_ID=//p')
        echo "$dev  vid=$vid pid=$pid"
    done
}

render_rule() {
    cat <<EOF
# harp workshop CNC serial devices (managed by cnc_serial_udev_setup.sh)
SUBSYSTEM=="tty", ATTRS{idVendor}=="$PENDANT_VID", ATTRS{idProduct}=="$PENDANT_PID", SYMLINK+="harp-pendant", GROUP="dialout", MODE="0660"
SUBSYSTEM=="tty", ATTRS{idVendor}=="$VFD_VID", ATTRS{idProduct}=="$VFD_PID", SYMLINK+="harp-vfd", GROUP="dialout", MODE="0660"
EOF
}

install_rule() {
    local tmp_rule="./99-harp-cnc.rules"
    render_rule > "$tmp_rule"
    if [[ -f "$RULES_FILE" ]] && cmp -s "$tmp_rule" "$RULES_FILE"; then
        log "rule already up to date"
    else
        sudo install -m 0644 -o root -g root "$tmp_rule" "$RULES_FILE"
        log "installed $RULES_FILE"
    fi
    rm -f "$tmp_rule"
    sudo udevadm control --reload-rules
    sudo udevadm trigger --subsystem-match=tty
    log "udev rules reloaded"
}

add_operator() {
    if id -nG "$OPERATOR" | grep -qw dialout; then
        log "$OPERATOR already in dialout"
    else
        sudo usermod -aG dialout "$OPERATOR"
        log "added $OPERATOR to dialout (log out and back in to apply)"
    fi
}

verify() {
    sleep 1
    for link in /dev/harp-pendant /dev/harp-vfd; do
        if [[ -e "$link" ]]; then
            log "OK $link -> $(readlink -f "$link")"
        else
            log "WARN $link not present (device unplugged?)"
        fi
    done
}

main() {
    if (( LIST_ONLY )); then list_adapters; exit 0; fi
    if (( DRY_RUN )); then render_rule; exit 0; fi
    command -v udevadm >/dev/null || die "udevadm not found"
    install_rule
    add_operator
    verify
}

main
