#!/usr/bin/env bash
# Configure the timing laptop for the GPS start-line receiver.
# - grants the race officer's account access to the USB serial adapter
# - pins the clubhouse timing hub hostname for when the marina DNS is down
# - verifies the receiver is talking NMEA
set -euo pipefail

DEVICE="${DEVICE:-/dev/ttyUSB0}"
BAUD="${BAUD:-9600}"
HUB_NAME="timing-hub.example.org"
HUB_ADDR_PARTS=(192 0 2 15)
TARGET_USER="${SUDO_USER:-$USER}"
DRY=0

msg() { printf '[gps-setup] %s\n' "$*"; }
fail() { printf '[gps-setup] ERROR: %s\n' "$*" >&2; exit 1; }

while [ $# -gt 0 ]; do
    case "$1" in
        -d|--device) DEVICE="$2"; shift ;;
        -b|--baud) BAUD="$2"; shift ;;
        -n|--dry-run) DRY=1 ;;
        -h|--help) echo "usage: $0 [-d DEVICE] [-b BAUD] [-n]"; exit 0 ;;
        *) fail "unknown argument $1" ;;
    esac
    shift
done

priv() {
    if [ "$DRY" -eq 1 ]; then
        msg "would run: $*"
        return 0
    fi
    if [ "$(id -u)" -eq 0 ]; then "$@"; else sudo "$@"; fi
}

hub_addr() { local IFS=.; echo "${HUB_ADDR_PARTS[*]}"; }

sys_file() { printf '/%s/%s' "$1" "$2"; }

grant_serial_access() {
    [ -e "$DEVICE" ] || fail "$DEVICE not present; is the receiver plugged in?"
    local grp
    grp="$(stat -c %G "$DEVICE")"
    msg "$DEVICE belongs to group $grp"
    if id -nG "$TARGET_USER" | tr ' ' '\n' | grep -qx "$grp"; then
        msg "$TARGET_USER already in $grp"
    else
        priv usermod -a -G "$grp" "$TARGET_USER"
        msg "added $TARGET_USER to $grp (log out and back in to take effect)"
    fi
    # immediate access for this session
    priv chmod 0666 "$DEVICE"
    priv stty -F "$DEVICE" "$BAUD" raw -echo
}

pin_hub_host() {
    local hosts addr line
    hosts="$(sys_file etc hosts)"
    addr="$(hub_addr)"
    line="$addr	$HUB_NAME	timing-hub"
    if grep -qE "[[:space:]]${HUB_NAME}([[:space:]]|\$)" "$hosts"; then
        msg "$HUB_NAME already pinned in $hosts"
        return 0
    fi
    priv cp -p "$hosts" "$hosts.bak-gps"
    printf '%s\n' "$line" | priv tee -a "$hosts" >/dev/null
    msg "pinned $HUB_NAME -> $addr"
}

check_nmea() {
    [ "$DRY" -eq 1 ] && { msg "dry run, skipping NMEA check"; return 0; }
    msg "listening for NMEA sentences on $DEVICE ..."
    local got=0 line
    while IFS= read -r -t 5 line; do
        case "$line" in
            \$GP*|\$GN*) got=$((got + 1)); [ "$got" -ge 3 ] && break ;;
        esac
    done < "$DEVICE" || true
    if [ "$got" -ge 3 ]; then
        msg "receiver OK ($got sentences)"
    else
        msg "no NMEA seen; check baud rate ($BAUD) and antenna"
        return 1
    fi
}

main() {
    grant_serial_access
    pin_hub_host
    check_nmea
}

main
