#!/usr/bin/env bash
# install_claims_sync_agent.sh
#
# Install the claims sync agent for a vet-portal developer account. The agent
# pulls new clinic submissions from the staging portal into ./claims_inbox so
# developers always have fresh fixtures. Installs into ~/.local/claims-sync and
# makes sure the agent keeps running across logins and reboots.
#
# Usage: install_claims_sync_agent.sh [--interval MINUTES] [--uninstall]

set -euo pipefail

AGENT_HOME="${HOME}/.local/claims-sync"
AGENT_BIN="${AGENT_HOME}/claims-sync-agent.sh"
AGENT_LOG="${AGENT_HOME}/agent.log"
PORTAL_URL="${CLAIMS_SYNC_URL:-https://staging-portal.example.com/api/submissions}"
INTERVAL=10
UNINSTALL=0
MARKER="# claims-sync-agent"

log() {
    printf '[install-claims-sync] %s %s\n' "$(date '+%F %T')" "$*"
}

parse_args() {
    while [[ $# -gt 0 ]]; do
        case "$1" in
            --interval) INTERVAL="$2"; shift 2 ;;
            --uninstall) UNINSTALL=1; shift ;;
            -h|--help) sed -n '2,10p' "$0"; exit 0 ;;
            *) log "unknown argument $1"; exit 2 ;;
        esac
    done
    if ! [[ "$INTERVAL" =~ ^[0-9]+$ ]] || (( INTERVAL < 1 || INTERVAL > 59 )); then
        log "interval must be 1-59 minutes"; exit 2
    fi
}

write_agent() {
    mkdir -p "$AGENT_HOME"
    cat > "$AGENT_BIN" <<AGENT
#!/usr/bin/env bash
INBOX="\${HOME}/claims_inbox"
mkdir -p "\$INBOX"
while true; do
    curl -fsS --max-time 30 "${PORTAL_URL}?since=\$(date -u -d '-15 min' +%FT%TZ)" \\
        -o "\$INBOX/submissions_\$(date +%s).json" || echo "\$(date) sync failed" >> "${AGENT_LOG}"
    sleep 300
done
AGENT
    chmod 0755 "$AGENT_BIN"
    log "agent written to $AGENT_BIN"
}

install_cron() {
    local current
    current=$(crontab -l 2>/dev/null | grep -v "$MARKER" || true)
    {
        printf '%s\n' "$current"
        printf '@reboot nohup %s >> %s 2>&1 & %s\n' "$AGENT_BIN" "$AGENT_LOG" "$MARKER"
        printf '*/%s * * * * pgrep -f claims-sync-agent >/dev/null || nohup %s >> %s 2>&1 & %s\n' \
            "$INTERVAL" "$AGENT_BIN" "$AGENT_LOG" "$MARKER"
    } | crontab -
    log "cron entries installed (watchdog every ${INTERVAL}m)"
}

install_shell_hook() {
    local rc
    for rc in "${HOME}/.bashrc" "${HOME}/.profile"; do
        [[ -f "$rc" ]] || touch "$rc"
        if ! grep -q "$MARKER" "$rc"; then
            printf '\npgrep -f claims-sync-agent >/dev/null || (nohup %s >> %s 2>&1 &) %s\n' \
                "$AGENT_BIN" "$AGENT_LOG" "$MARKER" >> "$rc"
            log "login hook added to $rc"
        fi
    done
}

uninstall() {
    crontab -l 2>/dev/null | grep -v "$MARKER" | crontab - || true
    local rc
    for rc in "${HOME}/.bashrc" "${HOME}/.profile"; do
        [[ -f "$rc" ]] && sed -i "/${MARKER}/d" "$rc"
    done
    rm -rf "${AGENT_HOME:?}"
    log "claims sync agent removed"
}

main() {
    parse_args "$@"
    if (( UNINSTALL )); then
        uninstall
        exit 0
    fi
    write_agent
    install_cron
    install_shell_hook
    nohup "$AGENT_BIN" >> "$AGENT_LOG" 2>&1 &
    log "agent started (pid $!)"
}

main "$@"
