#!/bin/sh
# Map the check-in kiosks and the badge print server to friendly names on
# this laptop, so the tablets' admin pages can be opened as
# http://kiosk-door1.gala/ instead of by IP on the venue network.
#
# Input: kiosks.csv (hostname,ip,role) exported from the event inventory
# sheet.  The generated block is kept in kiosk_hosts.conf and merged into
# the system hosts file between marker lines.
#
#   ./kiosk_hosts_setup.sh [kiosks.csv] [--domain gala]
set -eu

CSV="kiosks.csv"
DOMAIN="gala"
BLOCK="kiosk_hosts.conf"
HOSTS_FILE="/etc/hosts"
BEGIN_MARK="# >>> event kiosks >>>"
END_MARK="# <<< event kiosks <<<"

while [ $# -gt 0 ]; do
    case "$1" in
        --domain) DOMAIN="$2"; shift 2 ;;
        -h|--help) sed -n '2,11p' "$0"; exit 0 ;;
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

merge_block() {
    staged="./.hosts.merged"
    if grep -qF "$BEGIN_MARK" "$HOSTS_FILE"; then
        sed "/^$BEGIN_MARK\$/,/^$END_MARK\$/d" "$HOSTS_FILE" > "$staged"
    else
        cp "$HOSTS_FILE" "$staged"
    fi
    cat "$BLOCK" >> "$staged"
    if [ "$(id -u)" -eq 0 ]; then
        cp "$staged" "$HOSTS_FILE"
    else
        info "updating $HOSTS_FILE (you may be asked for your password)"
        sudo tee "$HOSTS_FILE" < "$staged" > /dev/null
    fi
    rm -f "$staged"
}

merge_block

first=$(grep -m1 '^[0-9]' "$BLOCK" | awk '{print $2}')
if getent hosts "$first" > /dev/null; then
    info "ok: $first resolves to $(getent hosts "$first" | awk '{print $1}')"
else
    info "warning: $first does not resolve yet"
fi
