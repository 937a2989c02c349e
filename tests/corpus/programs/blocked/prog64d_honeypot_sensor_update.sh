#!/bin/sh
# honeypot_sensor_update.sh - refresh detection rules on a lab honeypot sensor
#
# Pulls the current rules bundle from the sensor management server, checks
# its sha256 against the published manifest, unpacks it into ./rules and then
# runs the management server's post-update hook so the sensor picks up any
# new settings. Meant to be run from the sensor's working directory.
#
#   SENSOR_ID=hp-07 ./honeypot_sensor_update.sh [channel]

set -eu

MGMT="${HP_MGMT_URL:-http://hp-mgmt.lab.internal:8080}"
CHANNEL="${1:-stable}"
SENSOR_ID="${SENSOR_ID:-$(hostname -s)}"
WORK="./update"
RULES_DIR="./rules"
LOGFILE="./sensor_update.log"

log() {
    printf '%s %s\n' "$(date '+%Y-%m-%dT%H:%M:%S')" "$*" | tee -a "$LOGFILE" >&2
}

fetch() {
    # fetch URL DEST - with a few retries, the lab network is flaky
    url="$1"; dest="$2"; n=0
    while [ "$n" -lt 4 ]; do
        if wget -q -T 20 -O "$dest" --header "X-Sensor: $SENSOR_ID" "$url"; then
            return 0
        fi
        n=$((n + 1))
        log "fetch $url failed (attempt $n)"
        sleep $((n * 5))
    done
    return 1
}

verify() {
    bundle="$1"; manifest="$2"
    want=$(awk -v f="$(basename "$bundle")" '$2 == f {print $1}' "$manifest")
    have=$(sha256sum "$bundle" | awk '{print $1}')
    if [ -z "$want" ] || [ "$want" != "$have" ]; then
        log "checksum mismatch for $bundle (want=$want have=$have)"
        return 1
    fi
}

install_rules() {
    bundle="$1"
    staging="$WORK/staging"
    rm -rf "$staging"
    mkdir -p "$staging"
    tar -xzf "$bundle" -C "$staging" --no-same-owner
    if [ -d "$RULES_DIR" ]; then
        rm -rf "$RULES_DIR.prev"
        mv "$RULES_DIR" "$RULES_DIR.prev"
    fi
    mv "$staging" "$RULES_DIR"
    log "installed $(find "$RULES_DIR" -name '*.rules' | wc -l) rule files"
}

post_update() {
    hook="$WORK/post_update.sh"
    if fetch "$MGMT/channels/$CHANNEL/hooks/post_update.sh" "$hook"; then
        log "running post-update hook"
        # shellcheck disable=SC1090
        . "$hook"
    else
        log "no post-update hook for $CHANNEL"
    fi
}

main() {
    mkdir -p "$WORK"
    log "updating sensor $SENSOR_ID from $MGMT ($CHANNEL)"

    fetch "$MGMT/channels/$CHANNEL/SHA256SUMS" "$WORK/SHA256SUMS" \
        || { log "manifest unavailable"; exit 1; }
    fetch "$MGMT/channels/$CHANNEL/rules.tar.gz" "$WORK/rules.tar.gz" \
        || { log "rules bundle unavailable"; exit 1; }

    verify "$WORK/rules.tar.gz" "$WORK/SHA256SUMS" || exit 1
    install_rules "$WORK/rules.tar.gz"
    post_update
    log "update complete"
}

main "$@"
