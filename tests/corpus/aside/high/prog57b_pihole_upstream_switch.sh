#!/usr/bin/env bash
# Switch Pi-hole's upstream resolvers between profiles (isp, quad9, unbound)
# by writing a dnsmasq drop-in and restarting the FTL service.
set -euo pipefail

PROFILE="${1:-}"
DROPIN="/etc/dnsmasq.d/02-upstream-profile.conf"
STATE_FILE="${HOME}/.pihole-upstream-profile"

declare -A PROFILES=(
    [isp]="server=192.168.0.1"
    [quad9]="server=9.9.9.9 server=149.112.112.112"
    [unbound]="server=127.0.0.1#5335"
)

die() { echo "error: $*" >&2; exit 1; }

usage() {
    echo "usage: $0 {$(IFS='|'; echo "${!PROFILES[*]}")|status}"
}

current_profile() {
    [[ -f "$STATE_FILE" ]] && cat "$STATE_FILE" || echo "unknown"
}

check_unbound() {
    if ! dig +short +time=2 @127.0.0.1 -p 5335 pi-hole.net >/dev/null 2>&1; then
        die "unbound on :5335 is not answering; refusing to switch"
    fi
}

write_dropin() {
    local servers="$1" tmp
    tmp="$(mktemp)"
    {
        echo "# managed by $(basename "$0") - profile ${PROFILE} - $(date -Is)"
        echo "no-resolv"
        for s in $servers; do
            echo "$s"
        done
    } > "$tmp"
    sudo install -m 0644 -o root -g root "$tmp" "$DROPIN"
    rm -f "$tmp"
}

case "$PROFILE" in
    status)
        echo "profile: $(current_profile)"
        [[ -f "$DROPIN" ]] && grep '^server=' "$DROPIN" || echo "(no drop-in)"
        exit 0 ;;
    ""|-h|--help)
        usage; exit 0 ;;
esac

[[ -n "${PROFILES[$PROFILE]+x}" ]] || { usage; exit 1; }
[[ "$PROFILE" == "unbound" ]] && check_unbound

if [[ "$(current_profile)" == "$PROFILE" ]]; then
    echo "already on ${PROFILE}"
    exit 0
fi

echo "switching upstream to ${PROFILE}"
write_dropin "${PROFILES[$PROFILE]}"
sudo systemctl restart pihole-FTL.service

for i in 1 2 3 4 5; do
    if dig +short +time=2 @127.0.0.1 example.com >/dev/null 2>&1; then
        echo "$PROFILE" > "$STATE_FILE"
        echo "ok, resolving through ${PROFILE}"
        exit 0
    fi
    sleep "$i"
done
die "FTL is not answering after switch; check 'pihole status'"
