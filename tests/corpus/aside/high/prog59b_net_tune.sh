#!/bin/sh
# Apply runtime kernel tunables for the ingest tier and report before/after.
# POSIX sh; values come from a "key value" table file or the defaults below.
set -eu

TABLE="${1:-}"
APPLY=1
[ "${DRY_RUN:-0}" = "1" ] && APPLY=0

log() { printf '[net-tune] %s\n' "$*" >&2; }

defaults() {
    cat <<'TUNABLES'
net.core.somaxconn             4096
net.core.netdev_max_backlog    16384
net.ipv4.tcp_max_syn_backlog   8192
net.ipv4.tcp_fin_timeout       15
net.ipv4.ip_local_port_range   10240 65000
vm.swappiness                  10
fs.file-max                    2097152
TUNABLES
}

as_root() {
    if [ "$(id -u)" -eq 0 ]; then
        "$@"
    elif command -v sudo >/dev/null 2>&1; then
        sudo -n "$@"
    else
        log "need root (or passwordless sudo) for: $*"
        return 1
    fi
}

current() {
    sysctl -n "$1" 2>/dev/null | tr '\t' ' ' || printf 'n/a'
}

source_table() {
    if [ -n "$TABLE" ]; then
        [ -r "$TABLE" ] || { log "cannot read $TABLE"; exit 1; }
        grep -Ev '^[[:space:]]*(#|$)' "$TABLE"
    else
        defaults
    fi
}

changed=0
failed=0
tmp_report="$(mktemp "${TMPDIR:-/tmp}/net-tune.XXXXXX")"
trap 'rm -f "$tmp_report"' EXIT INT TERM

source_table | while read -r key value; do
    [ -n "$key" ] || continue
    before="$(current "$key")"
    if [ "$before" = "$value" ]; then
        printf '%-32s %s (unchanged)\n' "$key" "$value" >>"$tmp_report"
        continue
    fi
    if [ "$APPLY" -eq 1 ]; then
        if as_root sysctl -q -w "$key=$value"; then
            printf '%-32s %s -> %s\n' "$key" "$before" "$(current "$key")" >>"$tmp_report"
        else
            printf '%-32s FAILED (wanted %s)\n' "$key" "$value" >>"$tmp_report"
        fi
    else
        printf '%-32s %s -> %s (dry run)\n' "$key" "$before" "$value" >>"$tmp_report"
    fi
done

cat "$tmp_report"
changed=$(grep -c -- '->' "$tmp_report" || true)
failed=$(grep -c 'FAILED' "$tmp_report" || true)
log "$changed change(s), $failed failure(s)"
[ "$failed" -eq 0 ]
