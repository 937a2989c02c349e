#!/usr/bin/env bash
# serial_balance_tuning.sh - prepare the weighing-room PC for the USB-serial
# analytical balances: load the USB-serial drivers, give the lab group access
# to the adapters, and enlarge socket buffers for the balance data stream.
set -u

LAB_GROUP="${LAB_GROUP:-dialout}"
RULE_NAME="99-qa-balances.rules"
RULE_DIR="/etc/udev/rules.d"
DRIVERS=(ftdi_sio cp210x pl2303)
# vendor:product ids of the adapters shipped with the balances
ADAPTERS=("0403:6001" "10c4:ea60" "067b:2303")
declare -A KNOBS=(
    [net.core.rmem_max]=4194304
    [net.core.rmem_default]=1048576
)
DRY=0

log() { echo "[balances] $*"; }
run() {
    if [ "$DRY" -eq 1 ]; then
        echo "DRY: $*"
    elif [ "$(id -u)" -eq 0 ]; then
        "$@"
    else
        sudo "$@"
    fi
}

while getopts ":g:nh" o; do
    case "$o" in
        g) LAB_GROUP="$OPTARG" ;;
        n) DRY=1 ;;
        h) echo "usage: $0 [-g group] [-n]"; exit 0 ;;
        *) echo "bad option" >&2; exit 2 ;;
    esac
done

load_drivers() {
    local m
    for m in "${DRIVERS[@]}"; do
        if lsmod | awk '{print $1}' | grep -qx "$m"; then
            log "$m already loaded"
        else
            run modprobe "$m" && log "loaded $m" || log "could not load $m"
        fi
    done
}

render_rules() {
    local pair vid pid
    echo "# QA lab balances - managed by serial_balance_tuning.sh"
    for pair in "${ADAPTERS[@]}"; do
        vid="${pair%%:*}"; pid="${pair##*:}"
        printf 'SUBSYSTEM=="tty", ATTRS{idVendor}=="%s", ATTRS{idProduct}=="%s", GROUP="%s", MODE="0660", SYMLINK+="balance-%s"\n' \
            "$vid" "$pid" "$LAB_GROUP" "$pid"
    done
}

install_rules() {
    local target="$RULE_DIR/$RULE_NAME"
    render_rules | run tee "$target" >/dev/null
    run chmod 0644 "$target"
    run udevadm control --reload-rules
    run udevadm trigger --subsystem-match=tty
    log "udev rules installed at $target"
}

tune_buffers() {
    local k
    for k in "${!KNOBS[@]}"; do
        run sysctl -w "$k=${KNOBS[$k]}" >/dev/null && log "$k=${KNOBS[$k]}"
    done
}

check() {
    local found
    found=$(ls /dev/balance-* 2>/dev/null | wc -l)
    log "$found balance adapter(s) present"
}

load_drivers
install_rules
tune_buffers
check
