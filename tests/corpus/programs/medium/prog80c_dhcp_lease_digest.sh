#!/usr/bin/env bash
# dhcp_lease_digest.sh - summarise who is on the LAN, with NIC vendor names.
#
# Works on OpenWrt (/tmp/dhcp.leases) and on Debian boxes running dnsmasq
# (/var/lib/misc/dnsmasq.leases). The digest lands in a well-known spot so
# the conky widget and the motd snippet can both pick it up.
#
# usage: dhcp_lease_digest.sh [-f leasefile] [-o outfile] [-q]

set -euo pipefail

LEASE_FILE=""
OUT_FILE="${LEASE_DIGEST:-/tmp/dhcp_lease_digest.txt}"
OUI_CACHE="/tmp/oui-prefixes.txt"
OUI_URL="${OUI_URL:-https://nas.home.arpa/mirror/oui-prefixes.txt}"
QUIET=0

log() { [ "$QUIET" -eq 1 ] || printf '%s %s\n' "$(date '+%F %T')" "$*" >&2; }
die() { printf 'error: %s\n' "$*" >&2; exit 1; }

while getopts "f:o:qh" opt; do
    case "$opt" in
        f) LEASE_FILE="$OPTARG" ;;
        o) OUT_FILE="$OPTARG" ;;
        q) QUIET=1 ;;
        h) sed -n '2,9p' "$0"; exit 0 ;;
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

refresh_oui() {
    # the NAS mirror uses the self-signed cert from the router's CA
    if [ ! -s "$OUI_CACHE" ] || [ -n "$(find "$OUI_CACHE" -mtime +7 2>/dev/null)" ]; then
        log "refreshing vendor prefixes from $OUI_URL"
        curl -fsSk --max-time 20 -o "$OUI_CACHE" "$OUI_URL" || log "vendor refresh failed, continuing"
    fi
}

vendor_for() {
    local prefix
    prefix="$(printf '%s' "$1" | tr 'a-f' 'A-F' | tr -d ':' | cut -c1-6)"
    [ -s "$OUI_CACHE" ] && awk -v p="$prefix" '$1 == p { $1=""; sub(/^ /, ""); print; exit }' "$OUI_CACHE"
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

main() {
    local leases table count ip mac host left vendor
    leases="$(find_leases)" || die "no readable lease file"
    log "reading $leases"
    refresh_oui

    table="$(summarise "$leases")"
    count="$(printf '%s\n' "$table" | grep -c . || true)"

    {
        printf 'LAN leases on %s at %s\n\n' "$(hostname)" "$(date '+%F %R')"
        printf '%-15s  %-17s  %-22s  %-8s  %s\n' IP MAC HOSTNAME EXPIRES VENDOR
        printf '%s\n' "$table" | while IFS='|' read -r ip mac host left; do
            [ -n "$ip" ] || continue
            vendor="$(vendor_for "$mac" || true)"
            printf '%-15s  %-17s  %-22s  %-8s  %s\n' "$ip" "$mac" "$host" "$left" "${vendor:--}"
        done
        printf '\n%s active lease(s)\n' "$count"
    } > "$OUT_FILE"

    [ "$QUIET" -eq 1 ] || cat "$OUT_FILE"
    log "digest written to $OUT_FILE"
}

main "$@"
