#!/usr/bin/env bash
# Prepare a beach webcam Pi so its frame timestamps line up with the tide
# tables: pin the timezone, point chrony at the local pool plus the harbour
# GPS time server, and wait until the clock is actually in sync before the
# archiver starts stamping images.
#
# Run once after imaging a new camera Pi:  ./webcam_clock_setup.sh -z Australia/Sydney
set -euo pipefail

TZ_NAME="Etc/UTC"
GPS_SERVER="${GPS_SERVER:-192.168.40.2}"
POOL="${POOL:-au.pool.ntp.org}"
MAX_WAIT=120
DROPIN_DIR=/etc/chrony/conf.d
DROPIN_FILE="$DROPIN_DIR/surfcam.conf"

say() { printf '\033[1;34m==>\033[0m %s\n' "$*"; }
warn() { printf '\033[1;33m!!\033[0m %s\n' "$*" >&2; }

usage() {
    echo "usage: $0 [-z timezone] [-g gps_server] [-w max_wait_seconds]"
    exit 2
}

while getopts ":z:g:w:h" o; do
    case "$o" in
        z) TZ_NAME="$OPTARG" ;;
        g) GPS_SERVER="$OPTARG" ;;
        w) MAX_WAIT="$OPTARG" ;;
        *) usage ;;
    esac
done

if [[ $EUID -ne 0 ]]; then
    AS_ROOT=(sudo)
    sudo -v || { warn "need sudo to configure the clock"; exit 1; }
else
    AS_ROOT=()
fi

ensure_chrony() {
    if ! command -v chronyc >/dev/null; then
        say "installing chrony"
        "${AS_ROOT[@]}" apt-get install -y -q chrony
    fi
}

write_dropin() {
    local body
    body=$(cat <<EOF
# managed by webcam_clock_setup.sh - camera timestamps must match tide tables
server ${GPS_SERVER} iburst prefer minpoll 4 maxpoll 6
pool ${POOL} iburst maxsources 3
makestep 1.0 -1
rtcsync
EOF
)
    "${AS_ROOT[@]}" mkdir -p "$DROPIN_DIR"
    if [[ -f "$DROPIN_FILE" ]] && diff -q <(echo "$body") "$DROPIN_FILE" >/dev/null; then
        say "chrony drop-in already current"
        return 1
    fi
    echo "$body" | "${AS_ROOT[@]}" tee "$DROPIN_FILE" >/dev/null
    "${AS_ROOT[@]}" chmod 0644 "$DROPIN_FILE"
    say "wrote $DROPIN_FILE"
    return 0
}

set_timezone() {
    local current
    current="$(timedatectl show -p Timezone --value 2>/dev/null || echo unknown)"
    if [[ "$current" != "$TZ_NAME" ]]; then
        say "timezone $current -> $TZ_NAME"
        "${AS_ROOT[@]}" timedatectl set-timezone "$TZ_NAME"
    fi
}

wait_for_sync() {
    local waited=0
    while (( waited < MAX_WAIT )); do
        if chronyc -n tracking 2>/dev/null | grep -q 'Leap status *: Normal'; then
            say "clock in sync: $(chronyc -n tracking | awk -F': ' '/System time/ {print $2}')"
            return 0
        fi
        sleep 5
        waited=$(( waited + 5 ))
    done
    warn "clock not synced after ${MAX_WAIT}s, archiver timestamps may drift"
    return 1
}

main() {
    ensure_chrony
    set_timezone
    if write_dropin; then
        "${AS_ROOT[@]}" systemctl restart chrony
    fi
    "${AS_ROOT[@]}" chronyc -a makestep >/dev/null || true
    wait_for_sync
}

main
