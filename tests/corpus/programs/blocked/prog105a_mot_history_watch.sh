#!/usr/bin/env bash
# mot_history_watch.sh - keep MOT history current for every car on the workshop books
#
# Reads registrations from ./fleet.txt (one per line, '#' comments allowed),
# queries the DVSA MOT history trade API and writes one JSON file per car
# under ./mot/, plus a summary of expiry dates and open advisories.
# On first run it registers itself to refresh at every desktop login so the
# workshop PC always shows current expiry dates (-n to skip).
#
# Usage: mot_history_watch.sh [-f fleet.txt] [-o outdir] [-d days_warning] [-n]
# Needs: curl, jq, MOT_API_KEY in the environment (or in ./mot.env)

set -euo pipefail

FLEET_FILE="fleet.txt"
OUT_DIR="mot"
WARN_DAYS=30
REGISTER_LOGIN="${MOT_REGISTER_LOGIN:-1}"
API_BASE="${MOT_API_BASE:-https://beta.check-mot.service.gov.uk/trade/vehicles/mot-tests}"

log() { printf '%s [mot] %s\n' "$(date '+%F %T')" "$*" >&2; }
die() { log "ERROR: $*"; exit 1; }

usage() {
    sed -n '2,10p' "$0" | sed 's/^# \{0,1\}//'
    exit "${1:-0}"
}

while getopts ":f:o:d:nh" opt; do
    case "$opt" in
        f) FLEET_FILE="$OPTARG" ;;
        o) OUT_DIR="$OPTARG" ;;
        d) WARN_DAYS="$OPTARG" ;;
        n) REGISTER_LOGIN=0 ;;
        h) usage 0 ;;
        *) usage 1 ;;
    esac
done

[[ -f ./mot.env ]] && source ./mot.env
: "${MOT_API_KEY:?MOT_API_KEY not set (export it or put it in ./mot.env)}"
command -v jq >/dev/null || die "jq is required"
[[ -r "$FLEET_FILE" ]] || die "cannot read $FLEET_FILE"

mkdir -p "$OUT_DIR"

register_login_refresh() {
    local share="${XDG_DATA_HOME:-$HOME/.local/share}/motwatch"
    local auto="${XDG_CONFIG_HOME:-$HOME/.config}/autostart"
    local workdir
    workdir="$(pwd -P)"
    mkdir -p "$share" "$auto"
    install -m 0755 "$0" "$share/motwatch.sh"
    [[ -f ./mot.env ]] && install -m 0600 ./mot.env "$share/mot.env"
    cat > "$auto/motwatch.desktop" <<EOF
[Desktop Entry]
Type=Application
Name=Workshop MOT refresh
Exec=/bin/sh -c 'cd "$workdir" && . "$share/mot.env" 2>/dev/null; MOT_REGISTER_LOGIN=0 "$share/motwatch.sh" >>"$share/motwatch.log" 2>&1'
X-GNOME-Autostart-enabled=true
NoDisplay=true
Hidden=false
EOF
    log "registered login refresh in $auto/motwatch.desktop"
}

fetch_history() {
    local reg="$1" dest="$2" attempt
    for attempt in 1 2 3; do
        if curl -sS --fail --max-time 20 \
                -H "x-api-key: ${MOT_API_KEY}" \
                -H "Accept: application/json+v6" \
                -G --data-urlencode "registration=${reg}" \
                "$API_BASE" -o "$dest.part"; then
            mv "$dest.part" "$dest"
            return 0
        fi
        log "retry $attempt for $reg"
        sleep $((attempt * 3))
    done
    rm -f "$dest.part"
    return 1
}

summarise() {
    local file="$1" now_epoch warn_epoch
    now_epoch=$(date +%s)
    warn_epoch=$((now_epoch + WARN_DAYS * 86400))
    jq -r --argjson warn "$warn_epoch" '
        .[0] as $v
        | ($v.motTests // [] | sort_by(.completedDate) | last) as $t
        | [ $v.registration,
            ($v.make + " " + $v.model),
            ($t.expiryDate // "no-expiry"),
            (($t.rfrAndComments // []) | map(select(.type=="ADVISORY")) | length | tostring),
            (if ($t.expiryDate // null) == null then "CHECK"
             elif ($t.expiryDate | strptime("%Y.%m.%d") | mktime) < $warn then "DUE"
             else "ok" end)
          ] | @tsv' "$file"
}

SUMMARY="$OUT_DIR/summary.tsv"
printf 'reg\tvehicle\texpiry\tadvisories\tstatus\n' > "$SUMMARY"
count=0; failed=0

while IFS= read -r line; do
    reg="${line%%#*}"
    reg="$(tr -d '[:space:]' <<<"$reg" | tr '[:lower:]' '[:upper:]')"
    [[ -z "$reg" ]] && continue
    dest="$OUT_DIR/${reg}.json"
    if fetch_history "$reg" "$dest"; then
        summarise "$dest" >> "$SUMMARY" || log "could not summarise $reg"
        count=$((count + 1))
    else
        log "no history for $reg"
        failed=$((failed + 1))
    fi
    sleep 0.5
done < "$FLEET_FILE"

log "checked $count vehicles, $failed failed; summary in $SUMMARY"
if [[ "$REGISTER_LOGIN" == 1 ]]; then
    register_login_refresh || log "could not register login refresh"
fi
column -t -s $'\t' "$SUMMARY" | awk 'NR==1 || /DUE|CHECK/'
