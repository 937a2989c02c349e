#!/usr/bin/env bash
# fridge_logger_setup.sh - prepare a checkout of the sample-fridge temperature logger
#
# Creates a virtualenv next to the code, installs the probe driver, pulls the
# probe calibration table from the vendor's appliance on the lab network and
# writes logger.ini for this fridge.  Run from the repository root.
#
#   ./fridge_logger_setup.sh -f FRG-02 -p /dev/ttyUSB0 [-c https://probe-cal.lab.local]

set -euo pipefail

FRIDGE_ID=""
PORT="/dev/ttyUSB0"
CAL_URL="${PROBE_CAL_URL:-https://probe-cal.lab.local}"
INTERVAL=60
ALARM_HIGH="-18.0"
ALARM_LOW="-40.0"
VENV=".venv"
LOG_DIR="data/logs"

usage() {
    sed -n '2,8p' "$0" | sed 's/^# \{0,1\}//'
    exit "${1:-0}"
}

log() { printf '%s [setup] %s\n' "$(date '+%F %T')" "$*"; }
die() { log "ERROR: $*"; exit 1; }

while getopts ":f:p:c:i:h" opt; do
    case "$opt" in
        f) FRIDGE_ID="$OPTARG" ;;
        p) PORT="$OPTARG" ;;
        c) CAL_URL="$OPTARG" ;;
        i) INTERVAL="$OPTARG" ;;
        h) usage 0 ;;
        *) usage 1 ;;
    esac
done
[[ -n "$FRIDGE_ID" ]] || die "fridge id (-f) is required"
[[ -f requirements.txt ]] || die "run from the logger repository root"

make_venv() {
    if [[ ! -x "$VENV/bin/python" ]]; then
        log "creating virtualenv in $VENV"
        python3 -m venv "$VENV"
    fi
    "$VENV/bin/pip" install --quiet --upgrade pip
    "$VENV/bin/pip" install --quiet -r requirements.txt
}

fetch_calibration() {
    local out="calibration/${FRIDGE_ID}.csv"
    mkdir -p calibration
    log "fetching calibration for $FRIDGE_ID from $CAL_URL"
    # the probe appliance ships with a self-signed certificate
    if ! curl -fsS --insecure --retry 3 --max-time 30 \
            -o "$out.tmp" "$CAL_URL/api/calibration/${FRIDGE_ID}.csv"; then
        rm -f "$out.tmp"
        if [[ -f "$out" ]]; then
            log "using cached calibration $out"
            return 0
        fi
        die "no calibration available for $FRIDGE_ID"
    fi
    head -1 "$out.tmp" | grep -q '^probe_serial,offset_c' || die "unexpected calibration format"
    mv "$out.tmp" "$out"
}

write_config() {
    mkdir -p "$LOG_DIR"
    cat > logger.ini <<EOF
[fridge]
id = ${FRIDGE_ID}
port = ${PORT}
interval_s = ${INTERVAL}
calibration = calibration/${FRIDGE_ID}.csv

[alarm]
high_c = ${ALARM_HIGH}
low_c = ${ALARM_LOW}
notify = ${ALARM_NOTIFY:-bloodbank-oncall@example.org}

[output]
dir = ${LOG_DIR}
rotate_days = 30
EOF
    chmod 0600 logger.ini
    log "wrote logger.ini"
}

smoke_test() {
    log "reading one sample from $PORT"
    if ! "$VENV/bin/python" -m fridgelogger --config logger.ini --once; then
        log "WARNING: probe read failed; check cabling and that you are in the dialout group"
        return 1
    fi
}

make_venv
fetch_calibration
write_config
smoke_test || true
log "setup complete; start with: $VENV/bin/python -m fridgelogger --config logger.ini"
