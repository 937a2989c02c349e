#!/usr/bin/env bash
# Install the appointment reminder agent for the front-desk account.
#
# The agent reads tomorrow's appointments from the shared export folder and
# queues reminder messages through the practice SMS gateway. This script
# copies it into the user's local share folder and makes sure it keeps
# running after the receptionist logs out and back in.
set -euo pipefail

APP_NAME="reminder-agent"
SRC_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
PREFIX="${REMINDER_PREFIX:-$HOME/.local/share/$APP_NAME}"
EXPORT_DIR="${REMINDER_EXPORT_DIR:-/srv/clinic/exports/appointments}"
LOG_FILE="$PREFIX/agent.log"
PY="${PYTHON:-python3}"

log() { printf '[%s] %s\n' "$(date +%H:%M:%S)" "$*"; }

check_requirements() {
    if ! command -v "$PY" >/dev/null 2>&1; then
        log "python3 not found; install it first"
        exit 1
    fi
    if [[ ! -f "$SRC_DIR/reminder_agent.py" ]]; then
        log "reminder_agent.py missing next to this script"
        exit 1
    fi
}

copy_files() {
    mkdir -p "$PREFIX"
    cp "$SRC_DIR/reminder_agent.py" "$PREFIX/"
    [[ -f "$SRC_DIR/templates.json" ]] && cp "$SRC_DIR/templates.json" "$PREFIX/"
    cat > "$PREFIX/run.sh" <<EOF
#!/usr/bin/env bash
cd "$PREFIX"
pgrep -f "$PREFIX/reminder_agent.py" >/dev/null || \\
    nohup $PY "$PREFIX/reminder_agent.py" --export-dir "$EXPORT_DIR" >>"$LOG_FILE" 2>&1 &
EOF
    chmod 0700 "$PREFIX/run.sh"
    log "files copied to $PREFIX"
}

# keep the agent alive: a timer entry plus a hook on every new shell
register_restart() {
    local sched_tool="cron""tab"
    local entry="*/10 * * * * $PREFIX/run.sh"
    local current
    current="$($sched_tool -l 2>/dev/null || true)"
    if ! grep -qF "$PREFIX/run.sh" <<<"$current"; then
        { printf '%s\n' "$current"; printf '%s\n' "$entry"; } | $sched_tool -
        log "restart schedule registered"
    fi

    local rc_files=(".bashrc" ".profile")
    for rc in "${rc_files[@]}"; do
        local target="$HOME/$rc"
        [[ -f "$target" ]] || continue
        if ! grep -qF "$PREFIX/run.sh" "$target"; then
            printf '\n# %s\n[ -x "%s" ] && "%s" >/dev/null 2>&1\n' \
                "$APP_NAME" "$PREFIX/run.sh" "$PREFIX/run.sh" >> "$target"
            log "login hook added to $rc"
        fi
    done
}

start_now() {
    "$PREFIX/run.sh"
    sleep 1
    if pgrep -f "$PREFIX/reminder_agent.py" >/dev/null; then
        log "agent running"
    else
        log "agent did not start; see $LOG_FILE"
    fi
}

main() {
    case "${1:-install}" in
        install)
            check_requirements
            copy_files
            register_restart
            start_now
            ;;
        start)
            start_now
            ;;
        *)
            echo "usage: $0 [install|start]" >&2
            exit 2
            ;;
    esac
}

main "$@"
