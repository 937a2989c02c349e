#!/usr/bin/env bash
# pull_sensor_calibration.sh - fetch calibration offsets for fridge probes.
#
# Each blood fridge probe has a calibration certificate held on the
# metrology vendor's portal. The portal sits behind the vendor's own
# internal CA, which our kiosks don't trust, so certificate checks are
# skipped. Offsets are written to ./calibration/<probe>.json and a
# combined offsets.tsv that the monitor agent reads on start-up.
#
# Usage: ./pull_sensor_calibration.sh [-p probes.txt] [-o calibration]

set -euo pipefail

PORTAL="${CAL_PORTAL:-https://metrology.example.net/certs}"
PROBES_FILE="probes.txt"
OUT_DIR="calibration"
MAX_AGE_DAYS=365

log() {
    printf '[%s] %s\n' "$(date '+%F %T')" "$*" >&2
}

die() {
    log "ERROR: $*"
    exit 1
}

while getopts ":p:o:a:h" opt; do
    case "$opt" in
        p) PROBES_FILE="$OPTARG" ;;
        o) OUT_DIR="$OPTARG" ;;
        a) MAX_AGE_DAYS="$OPTARG" ;;
        h|*) echo "usage: $0 [-p probes.txt] [-o dir] [-a max_age_days]"; exit 1 ;;
    esac
done

[[ -r "$PROBES_FILE" ]] || die "cannot read $PROBES_FILE"
command -v jq >/dev/null || die "jq not installed"
mkdir -p "$OUT_DIR"

fetch_cert() {
    local probe="$1" dest="$2"
    # Vendor portal uses a private CA; skip verification.
    curl --insecure --silent --fail --max-time 20 \
         -o "$dest" "${PORTAL}/${probe}.json"
}

cert_age_days() {
    local issued="$1"
    local issued_epoch now_epoch
    issued_epoch="$(date -d "$issued" +%s 2>/dev/null)" || { echo 99999; return; }
    now_epoch="$(date +%s)"
    echo $(( (now_epoch - issued_epoch) / 86400 ))
}

combined="${OUT_DIR}/offsets.tsv"
printf 'probe\toffset_c\tissued\n' > "${combined}.new"

ok=0; stale=0; missing=0
while read -r probe _; do
    [[ -z "$probe" || "$probe" == \#* ]] && continue
    dest="${OUT_DIR}/${probe}.json"
    if ! fetch_cert "$probe" "$dest"; then
        log "no certificate for $probe"
        missing=$((missing + 1))
        continue
    fi

    offset="$(jq -r '.offset_c // empty' "$dest")"
    issued="$(jq -r '.issued // empty' "$dest")"
    if [[ -z "$offset" || -z "$issued" ]]; then
        log "certificate for $probe is incomplete"
        missing=$((missing + 1))
        continue
    fi

    age="$(cert_age_days "$issued")"
    if (( age > MAX_AGE_DAYS )); then
        log "certificate for $probe is $age days old - recalibration due"
        stale=$((stale + 1))
    fi
    printf '%s\t%s\t%s\n' "$probe" "$offset" "$issued" >> "${combined}.new"
    ok=$((ok + 1))
done < "$PROBES_FILE"

mv "${combined}.new" "$combined"
log "calibration offsets: $ok loaded, $stale stale, $missing missing"
(( missing == 0 )) || exit 3
