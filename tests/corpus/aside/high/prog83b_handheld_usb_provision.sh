#!/usr/bin/env bash
# handheld_usb_provision.sh - provision a rugged meter-reading handheld over
# USB from a depot workstation.
#
#   1. make sure the workstation recognises the handheld (udev rule so adb
#      works without root and the cradle gets a stable name)
#   2. push the route-app config and the crew certificate bundle
#   3. record the serial in the depot inventory CSV
#
# Usage: handheld_usb_provision.sh -c crew.conf [-s SERIAL] [-i inventory.csv]
set -euo pipefail

VENDOR_ID="${HANDHELD_VENDOR_ID:-2a3c}"
RULE_FILE="/etc/udev/rules.d/51-fieldhandheld.rules"
INVENTORY="inventory.csv"
CREW_CONF=""
SERIAL=""

say() { echo -e "\e[1m==>\e[0m $*"; }
warn() { echo "warning: $*" >&2; }
die() { echo "error: $*" >&2; exit 1; }

while getopts "c:s:i:h" opt; do
    case $opt in
        c) CREW_CONF="$OPTARG" ;;
        s) SERIAL="$OPTARG" ;;
        i) INVENTORY="$OPTARG" ;;
        h) sed -n '2,11p' "$0"; exit 0 ;;
        *) exit 64 ;;
    esac
done
[[ -f "$CREW_CONF" ]] || die "crew config (-c) is required"
command -v adb >/dev/null || die "adb not installed (apt install adb)"

SUDO=""
if [[ $EUID -ne 0 ]]; then
    SUDO="sudo"
fi

install_udev_rule() {
    local rule
    rule=$(cat <<EOF
# field handhelds (route app / cradle)
SUBSYSTEM=="usb", ATTR{idVendor}=="${VENDOR_ID}", MODE="0660", GROUP="plugdev", SYMLINK+="fieldhandheld%n"
EOF
)
    if [[ -f "$RULE_FILE" ]] && grep -q "$VENDOR_ID" "$RULE_FILE"; then
        say "udev rule already present"
        return
    fi
    say "installing udev rule $RULE_FILE"
    printf '%s\n' "$rule" | $SUDO tee "$RULE_FILE" >/dev/null
    $SUDO chmod 0644 "$RULE_FILE"
    $SUDO udevadm control --reload-rules
    $SUDO udevadm trigger --subsystem-match=usb --attr-match=idVendor="$VENDOR_ID"
    if ! id -nG | grep -qw plugdev; then
        $SUDO usermod -aG plugdev "$(id -un)"
        warn "added $(id -un) to plugdev; log out and back in if adb cannot see the device"
    fi
}

wait_for_device() {
    local tries=0
    adb start-server >/dev/null 2>&1 || true
    until adb ${SERIAL:+-s "$SERIAL"} get-state 2>/dev/null | grep -q device; do
        tries=$((tries + 1))
        (( tries > 30 )) && die "handheld not detected; check cable and USB debugging"
        sleep 2
    done
    [[ -n "$SERIAL" ]] || SERIAL=$(adb get-serialno)
    say "handheld $SERIAL connected"
}

push_config() {
    # shellcheck disable=SC1090
    source "$CREW_CONF"
    : "${CREW_ID:?CREW_ID missing in $CREW_CONF}"
    : "${CERT_BUNDLE:?CERT_BUNDLE missing in $CREW_CONF}"
    local cfg
    cfg=$(mktemp -p . route-app.XXXXXX.json)
    trap 'rm -f "$cfg"' RETURN
    printf '{"crew_id":"%s","route_server":"%s","region":"%s"}\n' \
        "$CREW_ID" "${ROUTE_SERVER:-https://routes.gridcrew.example}" "${REGION:-north}" > "$cfg"
    adb -s "$SERIAL" push "$cfg" /sdcard/RouteApp/config.json >/dev/null
    adb -s "$SERIAL" push "$CERT_BUNDLE" /sdcard/RouteApp/certs.pem >/dev/null
    say "config for crew $CREW_ID pushed"
}

record_inventory() {
    local model
    model=$(adb -s "$SERIAL" shell getprop ro.product.model | tr -d '\r')
    [[ -f "$INVENTORY" ]] || echo "serial,model,crew,provisioned_at" > "$INVENTORY"
    echo "$SERIAL,$model,$CREW_ID,$(date -u +%FT%TZ)" >> "$INVENTORY"
    say "recorded in $INVENTORY"
}

install_udev_rule
wait_for_device
push_config
record_inventory
say "done"
