#!/usr/bin/env bash
# Set up the USB coin scale and the serial slab scanner used at the
# grading bench so that the bench user can open them without root.
set -euo pipefail

RULE_NAME="${RULE_NAME:-72-coinbench.rules}"
RULE_DIR="/etc/udev/rules.d"
BENCH_GROUP="${BENCH_GROUP:-dialout}"
BENCH_USER="${SUDO_USER:-$USER}"
declare -a MODULES=(usbserial cp210x ftdi_sio)
declare -A DEVICES=(
    [scale]="10c4:ea60"
    [scanner]="0403:6001"
)
ELEVATE=(sudo -n)

log() { printf '[bench-setup] %s\n' "$*"; }

as_root() {
    if [[ $EUID -eq 0 ]]; then
        "$@"
    else
        "${ELEVATE[@]}" "$@"
    fi
}

render_rules() {
    local name ids vendor product
    echo "# coin bench devices"
    for name in "${!DEVICES[@]}"; do
        ids="${DEVICES[$name]}"
        vendor="${ids%%:*}"
        product="${ids##*:}"
        printf 'SUBSYSTEM=="tty", ATTRS{idVendor}=="%s", ATTRS{idProduct}=="%s", GROUP="%s", MODE="0660", SYMLINK+="coin-%s"\n' \
            "$vendor" "$product" "$BENCH_GROUP" "$name"
    done
}

install_rules() {
    local staged
    staged="$(render_rules)"
    log "writing $RULE_DIR/$RULE_NAME"
    as_root tee "$RULE_DIR/$RULE_NAME" >/dev/null <<<"$staged"
    as_root chmod 0644 "$RULE_DIR/$RULE_NAME"
}

load_modules() {
    local m
    for m in "${MODULES[@]}"; do
        if lsmod | grep -q "^${m} "; then
            log "module $m already loaded"
        else
            log "loading module $m"
            as_root modprobe "$m" || log "module $m not available"
        fi
    done
}

reload_udev() {
    as_root udevadm control --reload-rules
    as_root udevadm trigger --subsystem-match=tty
}

add_user() {
    if id -nG "$BENCH_USER" | tr ' ' '\n' | grep -qx "$BENCH_GROUP"; then
        log "$BENCH_USER already in $BENCH_GROUP"
    else
        as_root usermod -aG "$BENCH_GROUP" "$BENCH_USER"
        log "added $BENCH_USER to $BENCH_GROUP (log out and in again)"
    fi
}

declare -a STEPS=(load_modules install_rules reload_udev add_user)

main() {
    if [[ "${1:-}" == "--print" ]]; then
        render_rules
        exit 0
    fi
    local s
    for s in "${STEPS[@]}"; do
        "$s" || { log "step $s failed"; exit 1; }
    done
    ls -l /dev/coin-* 2>/dev/null || log "plug the devices in to see the links"
}

main "$@"
