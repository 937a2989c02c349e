#!/usr/bin/env bash
# walkin_probe_setup.sh - one-time setup for a new kitchen Pi that reads the
# walk-in cooler and fish case probes (1-wire DS18B20 + USB door sensor).
#
# Run as the kitchen user; elevates only for the steps that need it.
#   ./walkin_probe_setup.sh [--gpio 4] [--group kitchen] [--dry-run]

set -euo pipefail

GPIO_PIN=4
PROBE_GROUP="kitchen"
DRY_RUN=0
RULES_FILE="/etc/udev/rules.d/60-walkin-probes.rules"
MODULES_FILE="/etc/modules-load.d/walkin-probes.conf"
BOOT_CONFIG="/boot/config.txt"

log() { echo "==> $*"; }
warn() { echo "!!  $*" >&2; }

while [[ $# -gt 0 ]]; do
    case "$1" in
        --gpio) GPIO_PIN="$2"; shift 2 ;;
        --group) PROBE_GROUP="$2"; shift 2 ;;
        --dry-run) DRY_RUN=1; shift ;;
        -h|--help) sed -n '2,6p' "$0"; exit 0 ;;
        *) warn "unknown option $1"; exit 1 ;;
    esac
done

# Pick whichever elevation tool this image ships with.
if command -v sudo >/dev/null 2>&1; then
    ELEVATE=(sudo)
elif command -v doas >/dev/null 2>&1; then
    ELEVATE=(doas)
else
    warn "neither sudo nor doas available"; exit 1
fi

run_root() {
    if [[ $DRY_RUN -eq 1 ]]; then
        echo "[dry-run] ${ELEVATE[*]} $*"
    else
        "${ELEVATE[@]}" "$@"
    fi
}

write_root_file() {
    local path="$1" content="$2"
    if [[ $DRY_RUN -eq 1 ]]; then
        printf '[dry-run] would write %s:\n%s\n' "$path" "$content"
        return
    fi
    printf '%s\n' "$content" | "${ELEVATE[@]}" tee "$path" >/dev/null
}

enable_overlay() {
    local line="dtoverlay=w1-gpio,gpiopin=${GPIO_PIN}"
    if grep -qs "^dtoverlay=w1-gpio" "$BOOT_CONFIG"; then
        log "1-wire overlay already present in $BOOT_CONFIG"
        return
    fi
    log "enabling 1-wire overlay on GPIO $GPIO_PIN"
    if [[ $DRY_RUN -eq 1 ]]; then
        echo "[dry-run] append '$line' to $BOOT_CONFIG"
    else
        echo "$line" | "${ELEVATE[@]}" tee -a "$BOOT_CONFIG" >/dev/null
    fi
}

load_modules() {
    log "loading w1 kernel modules"
    run_root modprobe w1-gpio
    run_root modprobe w1-therm
    write_root_file "$MODULES_FILE" $'w1-gpio\nw1-therm'
}

install_udev_rules() {
    log "installing udev rules for door sensor and probes"
    local rules
    rules=$(cat <<EOF
# walk-in door contact (CH340 USB serial)
SUBSYSTEM=="tty", ATTRS{idVendor}=="1a86", ATTRS{idProduct}=="7523", SYMLINK+="walkin-door", GROUP="${PROBE_GROUP}", MODE="0660"
# 1-wire bus master
SUBSYSTEM=="w1", GROUP="${PROBE_GROUP}", MODE="0664"
EOF
)
    write_root_file "$RULES_FILE" "$rules"
    run_root udevadm control --reload-rules
    run_root udevadm trigger --subsystem-match=tty
}

ensure_group() {
    if ! getent group "$PROBE_GROUP" >/dev/null; then
        run_root groupadd "$PROBE_GROUP"
    fi
    if ! id -nG "$USER" | grep -qw "$PROBE_GROUP"; then
        run_root usermod -aG "$PROBE_GROUP" "$USER"
        log "added $USER to $PROBE_GROUP (log out and back in)"
    fi
}

verify() {
    local n
    n=$(ls /sys/bus/w1/devices 2>/dev/null | grep -c '^28-' || true)
    log "detected $n DS18B20 probe(s)"
    [[ -e /dev/walkin-door ]] && log "door sensor at /dev/walkin-door" || warn "door sensor not found yet"
}

main() {
    ensure_group
    enable_overlay
    load_modules
    install_udev_rules
    verify
    log "setup complete; reboot if the overlay was just added"
}

main
