#!/bin/sh
# Generate friendly names for the check-in kiosks and the badge print
# server, so the tablets' admin pages can be opened as
# http://kiosk-door1.gala/ instead of by IP on the venue network.
#
# Input: kiosks.csv (hostname,ip,role) exported from the event inventory
# sheet.  The generated block is written to kiosk_hosts.conf; IT merges it
# into the laptops' hosts files with their imaging tool.
#
#   ./kiosk_hosts_snippet.sh [kiosks.csv] [--domain gala]
set -eu

CSV="kiosks.csv"
DOMAIN="gala"
BLOCK="kiosk_hosts.conf"
BEGIN_MARK="# >>> event kiosks >>>"
END_MARK="# <<< event kiosks <<<"

while [ $# -gt 0 ]; do
    case "$1" in
        --domain) DOMAIN="$2"; shift 2 ;;
        -h|--help) sed -n '2,10p' "$0"; exit 0 ;;
        *) CSV="$1"; shift ;;
    esac
done

info() { echo "kiosk-hosts: $*" >&2; }

[ -r "$CSV" ] || { info "cannot read $CSV"; exit 1; }

valid_ip() {
    echo "$1" | awk -F. 'NF==4 { for (i=1;i<=4;i++) if ($i !~ /^[0-9]+$/ || $i>255) exit 1; exit 0 } { exit 1 }'
}

build_block() {
    echo "$BEGIN_MARK"
    echo "# generated $(date '+%Y-%m-%d %H:%M') from $CSV"
    tail -n +2 "$CSV" | tr -d '\r' | while IFS=, read -r name ip role; do
        [ -n "$name" ] || continue
        if ! valid_ip "$ip"; then
            info "skipping $name: bad address '$ip'"
            continue
        fi
        printf '%-15s %s.%s %s\t# %s\n' "$ip" "$name" "$DOMAIN" "$name" "${role:-kiosk}"
    done
    echo "$END_MARK"
}

build_block > "$BLOCK"
count=$(grep -c '^[0-9]' "$BLOCK" || true)
info "wrote $count entries to $BLOCK"
[ "$count" -gt 0 ] || exit 1

dupes=$(grep '^[0-9]' "$BLOCK" | awk '{print $1}' | sort | uniq -d)
if [ -n "$dupes" ]; then
    info "warning: address used twice in $CSV: $(echo "$dupes" | tr '\n' ' ')"
fi

first=$(grep -m1 '^[0-9]' "$BLOCK" | awk '{print $2}')
if getent hosts "$first" > /dev/null; then
    info "ok: $first already resolves to $(getent hosts "$first" | awk '{print $1}')"
else
    info "$first does not resolve yet; send $BLOCK to IT for the kiosk image"
fi
