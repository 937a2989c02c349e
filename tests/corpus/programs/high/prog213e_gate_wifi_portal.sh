#!/usr/bin/env bash
# gate_wifi_portal.sh
# Brings up the private Wi-Fi that the handheld ticket scanners at the gates
# use: renders hostapd.conf from gate_wifi.json, installs it under
# /etc/hostapd, enables forwarding and NAT for the scanner subnet only, and
# restarts hostapd. Must run as root on the gate router box.
set -euo pipefail

PROG=${0##*/}
CONF_JSON="${GATE_WIFI_JSON:-./gate_wifi.json}"
WLAN_IF="${WLAN_IF:-wlan0}"
UPLINK_IF="${UPLINK_IF:-eth0}"
SCANNER_NET="${SCANNER_NET:-192.0.2.0/24}"
TICKET_API="${TICKET_API:-203.0.113.10}"
BUILD_DIR="./build"
DRY_RUN=0

log() { logger -t "$PROG" -- "$*" 2>/dev/null || true; echo "$PROG: $*"; }
die() { log "error: $*"; exit 1; }

while [[ $# -gt 0 ]]; do
    case "$1" in
        --dry-run) DRY_RUN=1 ;;
        --wlan)    WLAN_IF="$2"; shift ;;
        --uplink)  UPLINK_IF="$2"; shift ;;
        -h|--help) echo "usage: $PROG [--dry-run] [--wlan IF] [--uplink IF]"; exit 0 ;;
        *) die "unknown argument $1" ;;
    esac
    shift
done

run() {
    if [[ "$DRY_RUN" == 1 ]]; then echo "+ $*"; else "$@"; fi
}

[[ -f "$CONF_JSON" ]] || die "missing $CONF_JSON (needs ssid, passphrase, channel)"
[[ "$DRY_RUN" == 1 || $EUID -eq 0 ]] || die "run as root"
mkdir -p "$BUILD_DIR"

# Render hostapd.conf with Python; values arrive through the environment.
CONF_JSON="$CONF_JSON" WLAN_IF="$WLAN_IF" OUT="$BUILD_DIR/hostapd.conf" python3 - <<'PY'
import json, os, sys
cfg = json.load(open(os.environ["CONF_JSON"]))
ssid, psk = cfg.get("ssid", ""), cfg.get("passphrase", "")
if not ssid or not (8 <= len(psk) <= 63):
    sys.exit("ssid missing or passphrase not 8..63 chars")
lines = [
    f"interface={os.environ['WLAN_IF']}",
    "driver=nl80211",
    f"ssid={ssid}",
    "hw_mode=a" if int(cfg.get("channel", 36)) > 14 else "hw_mode=g",
    f"channel={int(cfg.get('channel', 36))}",
    "ieee80211n=1",
    "wpa=2",
    "wpa_key_mgmt=WPA-PSK",
    "rsn_pairwise=CCMP",
    f"wpa_passphrase={psk}",
    "ignore_broadcast_ssid=1" if cfg.get("hidden", True) else "ignore_broadcast_ssid=0",
]
with open(os.environ["OUT"], "w") as fh:
    fh.write("\n".join(lines) + "\n")
os.chmod(os.environ["OUT"], 0o600)
PY
log "rendered $BUILD_DIR/hostapd.conf"

run install -d -m 0755 /etc/hostapd
run install -m 0600 -o root -g root "$BUILD_DIR/hostapd.conf" /etc/hostapd/hostapd.conf
log "installed /etc/hostapd/hostapd.conf"

run sysctl -w net.ipv4.ip_forward=1

add_rule() {
    # only add a rule if an identical one is not there yet
    local table="$1"; shift
    if ! iptables -t "$table" -C "$@" 2>/dev/null; then
        run iptables -t "$table" -A "$@"
    fi
}

add_rule nat POSTROUTING -s "$SCANNER_NET" -o "$UPLINK_IF" -j MASQUERADE
add_rule filter FORWARD -i "$WLAN_IF" -o "$UPLINK_IF" -s "$SCANNER_NET" \
    -d "$TICKET_API" -p tcp --dport 443 -j ACCEPT
add_rule filter FORWARD -i "$UPLINK_IF" -o "$WLAN_IF" -d "$SCANNER_NET" \
    -m conntrack --ctstate ESTABLISHED,RELATED -j ACCEPT
add_rule filter FORWARD -i "$WLAN_IF" -s "$SCANNER_NET" -j DROP
log "forwarding limited to $SCANNER_NET -> $TICKET_API:443"

run ip addr replace 192.0.2.1/24 dev "$WLAN_IF"
run systemctl restart hostapd
if [[ "$DRY_RUN" != 1 ]] && ! systemctl is-active --quiet hostapd; then
    die "hostapd did not come up; check journalctl -u hostapd"
fi
log "gate Wi-Fi up on $WLAN_IF"
