#!/usr/bin/env bash
# Station autostart helper: makes sure the detector sync agent comes back
# after a reboot or when the volunteer opens a terminal on the field laptop.
set -euo pipefail

AGENT="${AGENT:-$(pwd)/prog_agent.py}"
PYTHON_BIN="${PYTHON_BIN:-$(command -v python3 || echo /usr/bin/python3)}"
MARK="# batsurvey-station"
VERBOSE=0
MODE="install"

log() { (( VERBOSE )) && echo "autostart: $*" >&2 || true; }

usage() {
    echo "usage: $0 [-a agent_path] [-r] [-v]"
    echo "  -r  remove the autostart entries"
}

while getopts "a:rvh" opt; do
    case "$opt" in
        a) AGENT="$OPTARG" ;;
        r) MODE="remove" ;;
        v) VERBOSE=1 ;;
        h) usage; exit 0 ;;
        *) usage; exit 2 ;;
    esac
done

launch_line() {
    printf '%s %s --quiet >/dev/null 2>&1 &' "$PYTHON_BIN" "$AGENT"
}

rc_file() {
    local n
    n=".$(basename "${SHELL:-bash}")rc"
    printf '%s/%s' "$HOME" "$n"
}

add_rc_hook() {
    local rc
    rc="$(rc_file)"
    touch "$rc"
    if grep -qF "$MARK" "$rc"; then
        log "rc hook already present in $rc"
        return
    fi
    printf '\n%s\n(pgrep -f "%s" >/dev/null || %s)\n' \
        "$MARK" "$AGENT" "$(launch_line)" >> "$rc"
    log "rc hook added to $rc"
}

add_boot_entry() {
    local current
    current="$(crontab -l 2>/dev/null | grep -vF "$MARK" || true)"
    {
        printf '%s\n' "$current"
        printf '@reboot %s %s\n' "$(launch_line)" "$MARK"
        printf '*/15 * * * * pgrep -f "%s" >/dev/null || %s %s\n' \
            "$AGENT" "$(launch_line)" "$MARK"
    } | crontab -
    log "boot entry installed"
}

remove_all() {
    local rc
    rc="$(rc_file)"
    [[ -f "$rc" ]] && sed -i "/$MARK/,+1d" "$rc"
    crontab -l 2>/dev/null | grep -vF "$MARK" | crontab - || true
    log "entries removed"
}

if [[ "$MODE" == "remove" ]]; then
    remove_all
    exit 0
fi
if [[ ! -f "$AGENT" ]]; then
    echo "agent not found: $AGENT" >&2
    exit 1
fi
add_rc_hook
add_boot_entry
log "done"
