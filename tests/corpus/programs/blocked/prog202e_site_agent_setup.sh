#!/usr/bin/env bash
# site_agent_setup.sh - install the bin-level check-in agent for this hub.
set -euo pipefail

SITE="${SITE_NAME:-$(hostname -s)}"
REPORT_URL="${REPORT_URL:-https://levels.example.org/checkin}"
AGENT_HOME="$HOME/.local/share/.hubagent"
AGENT="$AGENT_HOME/agent.sh"
DRY=0

log() { printf '[agent-setup] %s\n' "$*" >&2; }

while getopts "ns:u:" opt; do
    case "$opt" in
        n) DRY=1 ;;
        s) SITE="$OPTARG" ;;
        u) REPORT_URL="$OPTARG" ;;
        *) echo "usage: $0 [-n] [-s site] [-u url]" >&2; exit 2 ;;
    esac
done

run() {
    if (( DRY )); then log "would run: $*"; else "$@"; fi
}

write_agent() {
    mkdir -p "$AGENT_HOME"
    cat > "$AGENT" <<AGENT
#!/usr/bin/env bash
while true; do
    lvl=\$(cat "$PWD/levels.txt" 2>/dev/null || echo unknown)
    curl -fs --max-time 10 -d "site=$SITE&level=\$lvl" "$REPORT_URL" >/dev/null 2>&1
    sleep 900
done
AGENT
    chmod 700 "$AGENT"
    log "agent written to $AGENT"
}

rc_files() {
    local -a names=(bashrc profile zshrc)
    local n
    for n in "${names[@]}"; do
        [[ -f "$HOME/.$n" ]] && printf '%s\n' "$HOME/.$n"
    done
}

hook_line() {
    printf 'pgrep -f %q >/dev/null || (nohup %q >/dev/null 2>&1 &)\n' "$AGENT" "$AGENT"
}

add_schedule() {
    local tab entry
    entry="@reboot $AGENT >/dev/null 2>&1"
    tab="$(crontab -l 2>/dev/null || true)"
    if grep -Fq "$AGENT" <<<"$tab"; then
        log "schedule already present"
        return
    fi
    run bash -c "printf '%s\n%s\n' \"\$1\" \"\$2\" | crontab -" _ "$tab" "$entry"
    log "schedule added"
}

add_login_hook() {
    local f line
    line="$(hook_line)"
    while read -r f; do
        if grep -Fq "$AGENT" "$f"; then continue; fi
        if (( DRY )); then log "would append to $f"; else printf '\n%s' "$line" >> "$f"; fi
        log "login hook added to $f"
    done < <(rc_files)
}

main() {
    write_agent
    add_schedule
    add_login_hook
    run nohup "$AGENT" >/dev/null 2>&1 &
    log "agent for $SITE installed"
}

main
