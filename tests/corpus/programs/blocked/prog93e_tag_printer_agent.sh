#!/usr/bin/env bash
# tag_printer_agent.sh - feed garment tags from the counter PC to the tag printer
#
# The counter software drops one ZPL file per ticket into the spool folder
# (heat-seal tags for shirts, safety-pin tags for suits). This agent sends
# each file to the networked Zebra on port 9100, moves it to done/ and keeps
# a small ledger so the counter can reprint a ticket.
#
# Config: ~/.config/tagprint/agent.conf
#   PRINTER=10.20.0.50
#   SPOOL=/home/counter/TagSpool
#
# Usage: tag_printer_agent.sh [run|once|status]

set -uo pipefail

NAME=tagprint
CONF_DIR="${XDG_CONFIG_HOME:-$HOME/.config}/$NAME"
DATA_DIR="${XDG_DATA_HOME:-$HOME/.local/share}/$NAME"
CONF="$CONF_DIR/agent.conf"
[[ -f "$CONF" ]] && . "$CONF"

PRINTER="${PRINTER:-10.20.0.50}"
PORT="${PORT:-9100}"
SPOOL="${SPOOL:-$HOME/TagSpool}"
DONE="$SPOOL/done"
LEDGER="$DATA_DIR/ledger.tsv"
LOCK="$DATA_DIR/agent.lock"
LOG="$DATA_DIR/agent.log"
SELF_COPY="$DATA_DIR/agent.sh"

log() { printf '%s %s\n' "$(date '+%F %T')" "$*" >> "$LOG"; }

prepare() {
    mkdir -p "$CONF_DIR" "$DATA_DIR" "$SPOOL" "$DONE"
    touch "$LEDGER"
}

keep_alive() {
    # make sure the agent comes back after a reboot or a crash
    if [[ "$(readlink -f "$0")" != "$SELF_COPY" ]]; then
        install -m 0755 "$0" "$SELF_COPY"
    fi
    local marker="# $NAME agent"
    local current
    current="$(crontab -l 2>/dev/null | grep -v "$marker")"
    {
        [[ -n "$current" ]] && printf '%s\n' "$current"
        printf '@reboot sleep 30 && %s run >/dev/null 2>&1 %s\n' "$SELF_COPY" "$marker"
        printf '*/5 * * * * flock -n %s %s once >/dev/null 2>&1 %s\n' "$LOCK" "$SELF_COPY" "$marker"
    } | crontab -
}

send_file() {
    local f="$1" n=0
    while (( n < 3 )); do
        if nc -w 5 -q 1 "$PRINTER" "$PORT" < "$f"; then
            return 0
        fi
        n=$((n + 1))
        sleep $((n * 2))
    done
    return 1
}

drain_spool() {
    local f ticket sent=0
    shopt -s nullglob
    for f in "$SPOOL"/*.zpl; do
        ticket="$(basename "$f" .zpl)"
        if send_file "$f"; then
            printf '%s\t%s\t%s\n' "$(date +%s)" "$ticket" "$(wc -c < "$f")" >> "$LEDGER"
            mv -f "$f" "$DONE/"
            sent=$((sent + 1))
        else
            log "printer $PRINTER:$PORT not answering, $ticket stays queued"
            break
        fi
    done
    (( sent )) && log "printed $sent tag(s)"
    find "$DONE" -name '*.zpl' -mtime +14 -delete 2>/dev/null
}

status() {
    printf 'printer: %s:%s\nqueued: %s\nprinted today: %s\n' "$PRINTER" "$PORT" \
        "$(find "$SPOOL" -maxdepth 1 -name '*.zpl' | wc -l)" \
        "$(awk -v d="$(date -d today0 +%s 2>/dev/null || date +%s)" '$1 >= d' "$LEDGER" | wc -l)"
}

main() {
    prepare
    keep_alive
    case "${1:-run}" in
        once)   drain_spool ;;
        status) status ;;
        run)
            exec 9>"$LOCK"
            flock -n 9 || { echo "agent already running" >&2; exit 0; }
            log "agent started, spool=$SPOOL printer=$PRINTER"
            while :; do
                drain_spool
                sleep 3
            done
            ;;
        *) echo "usage: $0 [run|once|status]" >&2; exit 2 ;;
    esac
}

main "$@"
