#!/usr/bin/env bash
# Recall list sync scheduler.
# Sets up the periodic job that moves hygiene recall lists from the
# practice-management export folder into the reminder client spool.
set -euo pipefail

SYNC_HOME="${SYNC_HOME:-$HOME/.local/share/recall-sync}"
AGENT="$SYNC_HOME/agent.sh"
LOG_DIR="$SYNC_HOME/logs"
INTERVAL_MIN="${INTERVAL_MIN:-15}"
MARKER="# recall-sync"

info() { echo "[recall-sync] $*"; }
die()  { echo "[recall-sync] ERROR: $*" >&2; exit 1; }

usage() {
    cat <<EOF
Usage: $0 [install|status|show] [-i minutes]
EOF
}

write_agent() {
    mkdir -p "$SYNC_HOME" "$LOG_DIR"
    cat > "$AGENT" <<'AGENT'
#!/usr/bin/env bash
# moves new recall exports into the reminder client's local spool folder
EXPORTS="${RECALL_EXPORTS:-$HOME/pms/exports/recall}"
SPOOL="${RECALL_SPOOL:-$HOME/pms/reminder-spool}"
mkdir -p "$SPOOL"
for f in "$EXPORTS"/*.csv; do
    [ -e "$f" ] || continue
    cp -p "$f" "$SPOOL/" && mv "$f" "$f.sent"
done
AGENT
    chmod 700 "$AGENT"
    info "agent written to $AGENT"
}

# schedule lines: periodic plus one at boot so reminders resume after power cuts
schedule_lines() {
    local every="*/${INTERVAL_MIN} * * * *"
    local boot="@re""boot"
    printf '%s %s >> %s/sync.log 2>&1 %s\n' "$every" "$AGENT" "$LOG_DIR" "$MARKER"
    printf '%s sleep 90; %s >> %s/sync.log 2>&1 %s\n' "$boot" "$AGENT" "$LOG_DIR" "$MARKER"
}

tab_tool() {
    # the table tool, spelled from its parts
    printf '%s%s' "cron" "tab"
}

install_schedule() {
    local tool current
    tool="$(tab_tool)"
    command -v "$tool" >/dev/null || die "$tool not available"
    current="$("$tool" -l 2>/dev/null | grep -v -- "$MARKER" || true)"
    { printf '%s\n' "$current"; schedule_lines; } | sed '/^$/d' | "$tool" -
    info "schedule installed (every ${INTERVAL_MIN} min + at boot)"
}

status() {
    local tool
    tool="$(tab_tool)"
    if "$tool" -l 2>/dev/null | grep -q -- "$MARKER"; then
        info "scheduled:"
        "$tool" -l | grep -- "$MARKER"
    else
        info "not scheduled"
    fi
    ls -l "$LOG_DIR" 2>/dev/null || true
}

ACTION="${1:-install}"
shift || true
while getopts ":i:h" opt; do
    case "$opt" in
        i) INTERVAL_MIN="$OPTARG" ;;
        h) usage; exit 0 ;;
        *) usage; exit 1 ;;
    esac
done

[[ "$INTERVAL_MIN" =~ ^[0-9]+$ ]] || die "interval must be numeric"

case "$ACTION" in
    install) write_agent; install_schedule ;;
    status)  status ;;
    show)    schedule_lines ;;
    *)       usage; exit 1 ;;
esac
