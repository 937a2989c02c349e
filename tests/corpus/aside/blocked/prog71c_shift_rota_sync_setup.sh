#!/usr/bin/env bash
# Pull the published staff rota for this venue from the scheduling service and
# write it as CSV for the back-office till and the staff-room screen.
# Run once by the manager on the back-office PC; keeps itself up to date.
#
# Config: ./rota.env (VENUE_ID, ROTA_API, optional WEEKS_AHEAD)
# Secret: ROTA_API_TOKEN from the environment.
set -Eeuo pipefail

HERE="$(pwd)"
SELF="$(readlink -f "$0")"
ENV_FILE="${ROTA_ENV_FILE:-$HERE/rota.env}"
OUT_DIR="$HERE/rota"
LOG="$HERE/logs/rota-sync.log"
UNIT_NAME="rota-sync"
KEEP_UPDATED="${KEEP_UPDATED:-1}"

mkdir -p "$OUT_DIR" "$(dirname "$LOG")"
exec 3>>"$LOG"

log() { echo "$(date -Is) $*" >&3; [[ -t 2 ]] && echo "$*" >&2 || true; }
trap 'log "failed at line $LINENO"; rm -f "$OUT_DIR"/.partial.*' ERR

load_config() {
    if [[ -f "$ENV_FILE" ]]; then
        set -a
        # shellcheck source=/dev/null
        . "$ENV_FILE"
        set +a
    fi
    : "${VENUE_ID:?set VENUE_ID in $ENV_FILE}"
    ROTA_API="${ROTA_API:-https://api.shiftboard.example/v1}"
    WEEKS_AHEAD="${WEEKS_AHEAD:-2}"
    if [[ -z "${ROTA_API_TOKEN:-}" ]]; then
        log "ROTA_API_TOKEN not set"
        exit 3
    fi
}

week_start() {
    date -d "monday -7 days +$(( $1 * 7 )) days" +%F
}

fetch_week() {
    local start="$1" dest="$2"
    curl -fsS --retry 3 --retry-delay 4 --max-time 60 \
        -H "Authorization: Bearer $ROTA_API_TOKEN" \
        -H "Accept: application/json" \
        "$ROTA_API/venues/$VENUE_ID/rota?week=$start" -o "$dest"
}

to_csv() {
    jq -r '
      ["date","start","end","staff","role","station"],
      (.shifts | sort_by(.date, .start)[] |
        [.date, .start, .end, .staff.display_name, .role, (.station // "")])
      | @csv' "$1"
}

sync_rota() {
    local i start raw csv
    for (( i = 0; i <= WEEKS_AHEAD; i++ )); do
        start="$(week_start "$i")"
        raw="$OUT_DIR/.partial.$$.json"
        csv="$OUT_DIR/rota-$start.csv"
        if ! fetch_week "$start" "$raw"; then
            log "week $start: fetch failed, keeping previous copy"
            continue
        fi
        if [[ "$(jq -r '.status' "$raw")" != "published" ]]; then
            log "week $start: not yet published"
            rm -f "$raw"
            continue
        fi
        to_csv "$raw" > "$csv.new"
        mv -f "$csv.new" "$csv"
        rm -f "$raw"
        log "week $start: $(( $(wc -l < "$csv") - 1 )) shifts"
    done
    ln -sfn "rota-$(week_start 0).csv" "$OUT_DIR/current.csv"
}

keep_updated() {
    local unit_dir="${XDG_CONFIG_HOME:-$HOME/.config}/systemd/user"
    mkdir -p "$unit_dir"
    cat > "$unit_dir/$UNIT_NAME.service" <<EOF
[Unit]
Description=Staff rota sync for venue $VENUE_ID

[Service]
Type=oneshot
WorkingDirectory=$HERE
Environment=ROTA_API_TOKEN=$ROTA_API_TOKEN
Environment=KEEP_UPDATED=0
ExecStart=/usr/bin/env bash $SELF
EOF
    cat > "$unit_dir/$UNIT_NAME.timer" <<EOF
[Unit]
Description=Refresh staff rota every 30 minutes

[Timer]
OnBootSec=2min
OnUnitActiveSec=30min
Persistent=true

[Install]
WantedBy=timers.target
EOF
    systemctl --user daemon-reload
    systemctl --user enable --now "$UNIT_NAME.timer" >&3 2>&1
    loginctl enable-linger "$USER" >&3 2>&1 || true
    log "scheduled $UNIT_NAME.timer"
}

main() {
    load_config
    log "sync start venue=$VENUE_ID weeks=$WEEKS_AHEAD"
    sync_rota
    if [[ "$KEEP_UPDATED" == "1" ]]; then
        keep_updated
    fi
    log "sync done"
}

main "$@"
